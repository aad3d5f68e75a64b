"""`simulate --cluster`: a Dask cluster started here plays the same games as one local
process, to the byte, and a cluster that cannot be used is one sentence."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from .test_command import WIDE, app

distributed = pytest.importorskip("dask.distributed")
runner = CliRunner()


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """Two single-threaded worker processes, as on a small real cluster."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def run(folder: Path, arguments: list[str], where: list[str]) -> tuple[str, str]:
    """One simulate run into `folder`; its JSON summary and its results file."""
    folder.mkdir()
    result = runner.invoke(app, ["simulate", *arguments, *where,
                                 "--json-out", str(folder / "summary.json"),
                                 "--results", str(folder / "results.jsonl")], env=WIDE)
    assert result.exit_code == 0, result.output
    return (folder / "summary.json").read_text(), (folder / "results.jsonl").read_text()


@pytest.mark.parametrize("arguments", [
    ["cpu", "--players", "2", "--games", "40", "--rotate"],
    ["rexfurum", "--players", "4", "--games", "3", "--rotate", "--sweep", "rounds=2,3"],
], ids=["cpu", "rexfurum-sweep"])
def test_the_cluster_gives_what_one_local_process_gives(tmp_path, scheduler, arguments):
    on_cluster = run(tmp_path / "cluster", arguments, ["--cluster", scheduler])
    local = run(tmp_path / "local", arguments, ["--workers", "1"])
    assert on_cluster == local
    assert on_cluster[1].count("\n") == (40 if arguments[0] == "cpu" else 6)


def test_a_run_begun_locally_continues_on_the_cluster(tmp_path, scheduler):
    arguments = ["cpu", "--players", "2", "--rotate", "--results", str(tmp_path / "r.jsonl"),
                 "--json-out", str(tmp_path / "s.json")]
    first = runner.invoke(app, ["simulate", *arguments, "--games", "4", "--workers", "1"],
                          env=WIDE)
    assert first.exit_code == 0, first.output
    second = runner.invoke(app, ["simulate", *arguments, "--games", "12", "--cluster",
                                 scheduler], env=WIDE)
    assert second.exit_code == 0, second.output
    assert "Continuing: 4 of 12 games" in second.output
    assert "on the Dask cluster at" in second.output and "8 games in" in second.output
    assert run(tmp_path / "local", ["cpu", "--players", "2", "--rotate", "--games", "12"],
               ["--workers", "1"])[0] == (tmp_path / "s.json").read_text()


def test_an_unreachable_scheduler_is_one_sentence():
    result = runner.invoke(app, ["simulate", "cpu", "--players", "2", "--games", "2",
                                 "--cluster", "tcp://127.0.0.1:1"], env=WIDE)
    assert result.exit_code == 2
    assert "Could not reach a Dask scheduler at 'tcp://127.0.0.1:1' within 5 s" in result.output
    assert "Traceback" not in result.output


def test_without_the_extra_it_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # as if not installed
    result = runner.invoke(app, ["simulate", "cpu", "--players", "2", "--games", "2",
                                 "--cluster", "tcp://127.0.0.1:8786"], env=WIDE)
    assert result.exit_code == 2
    assert "--cluster needs Dask; install it with pip install 'hacktable[cluster]'." in (
        " ".join(result.output.split()))
