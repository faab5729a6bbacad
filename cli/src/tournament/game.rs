//! One game of a tournament with the ruleset's type: what the tournament
//! plays ([`Config`]), one pairing ([`Job`]) and its game.

use crate::seeds::mix;
use sowing::bots::BotSpec;
use sowing::{Game, Outcome, Player, Position, Ruleset};

/// What the tournament plays.
pub struct Config<'a> {
    /// The players.
    pub players: &'a [BotSpec],
    /// Games per pair, per seat.
    pub games: usize,
    /// Main seed.
    pub seed: u64,
    /// A game still going after this many plies is a draw.
    pub ply_limit: usize,
    /// Worker threads.
    pub threads: usize,
    /// The rule options in force, as plain selfplay lists them
    /// (`andada --clockwise`).
    pub options: &'a [String],
}

/// One game: variant, South player, North player, game number.
#[derive(Clone, Copy)]
pub(crate) struct Job {
    pub(crate) variant: usize,
    pub(crate) south: usize,
    pub(crate) north: usize,
    pub(crate) game: usize,
}

/// Plays one game; the winner's seat, or `None` for a draw.
pub(crate) fn play<R: Ruleset>(
    start: Position<R>,
    job: Job,
    config: &Config,
    base: u64,
) -> Option<Player> {
    let seed = mix(base ^ mix((job.south * 64 + job.north) as u64 ^ mix(job.game as u64)));
    let mut bots = [
        config.players[job.south].build_for::<R>(mix(seed ^ 1)),
        config.players[job.north].build_for::<R>(mix(seed ^ 2)),
    ];
    // Under the exact endless test (no lap limit) a proof can take minutes:
    // its progress goes to standard error as it runs, as in plain selfplay.
    let exact = start.lap_limit().is_none();
    let mut game = Game::new(start).with_ply_limit(Some(config.ply_limit));
    let name = start.rules().name();
    while game.outcome().is_ongoing() {
        let pos = *game.position();
        let context = || {
            format!(
                "{name} {} vs {} game {}, ply {}, {}: ",
                config.players[job.south],
                config.players[job.north],
                job.game + 1,
                game.ply() + 1,
                pos.side_to_move()
            )
        };
        let legal = if exact {
            crate::progress::legal_moves_reported_at(&pos, &context(), false)
        } else {
            pos.legal_moves()
        };
        let mv = bots[pos.side_to_move().index()]
            .choose_from(&pos, legal)
            .expect("an ongoing game has a legal move");
        let played = if exact {
            let mut progress = crate::progress::Progress::at(context()).without_limit_flag();
            game.play_with(mv, &mut (), &mut progress)
        } else {
            game.play(mv)
        };
        if let Err(e) = played {
            panic!(
                "{pos} refused the move {mv} of {}: {e}",
                bots[pos.side_to_move().index()].name()
            );
        }
    }
    match game.outcome() {
        Outcome::Win { winner, .. } => Some(winner),
        _ => None,
    }
}
