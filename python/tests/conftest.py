"""With SOWING_REQUIRE_INSTALLED=1 (.ci/run), the tests refuse to run
against anything but an installed package: `sowing` must come from the
environment's site-packages (the wheel .ci/run built), not from the
checkout's python/sowing/, which a `python -m pytest` run from python/ or
an editable install would put first."""

import os
import pathlib

import sowing


def pytest_report_header(config):
    return f"sowing {sowing.__version__} from {pathlib.Path(sowing.__file__).parent}"


def pytest_configure(config):
    if os.environ.get("SOWING_REQUIRE_INSTALLED"):
        where = pathlib.Path(sowing.__file__).resolve()
        checkout = pathlib.Path(__file__).resolve().parents[1] / "sowing"
        if "site-packages" not in where.parts or where.is_relative_to(checkout):
            raise RuntimeError(
                f"SOWING_REQUIRE_INSTALLED: sowing was imported from {where}, not from an installed wheel"
            )
