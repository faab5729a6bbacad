//! The accept loop: each connection served by hyper's HTTP/1 with a time
//! limit on a request's headers, so that a client that sends them slowly (or
//! not at all) is dropped rather than held open for ever. The limit on a
//! request's body is the API's own (`request_timeout`, 408); neither holds a
//! game, which is locked only once the request is read.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::io::ErrorKind;
use std::time::Duration;
use tokio::net::TcpListener;

/// Serves `router` on `listener` until the process ends, dropping a
/// connection whose request headers take longer than `header_time`.
pub async fn serve(listener: TcpListener, router: Router, header_time: Duration) {
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // The client went away between connecting and being accepted.
            Err(e)
                if matches!(
                    e.kind(),
                    ErrorKind::ConnectionRefused
                        | ErrorKind::ConnectionAborted
                        | ErrorKind::ConnectionReset
                ) =>
            {
                continue;
            }
            // Out of file descriptors, most likely: wait for some to close.
            Err(e) => {
                eprintln!("serve: cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            // A connection's end, ordinary or not, concerns only its client.
            let _ = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_time)
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}
