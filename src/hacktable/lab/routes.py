"""The Lab page: start a `hacktable simulate` run from the browser and watch it.

GET /lab is the form (the games and bots come from the registries; the server names no
game); POST /lab/jobs starts a run or answers with one sentence; /lab/jobs/{id} shows its
progress bar, then its report. Forms post plainly (JSON is accepted too), so they pass the
same-origin check like every other write; `lab_jobs` caps the runs going at once (the rest
wait in a queue, `jobs.Jobs`), and 0 turns every address here off. A run belongs to the
browser that started it (a Lab token in a cookie): nobody else sees its id, reads its
results or cancels it, unless the operator opened the Lab to everyone
(`HACKTABLE_LAB_OPEN`). Every run is bounded: games, sweep cells and search budget when it
is asked for, its whole cost (cut to fewer games where it is over `HACKTABLE_LAB_BUDGET`,
saying so), and wall time while it plays (`HACKTABLE_LAB_SECONDS`).
"""

from __future__ import annotations

import hmac
import json
import secrets
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.exceptions import HTTPException

from hacktable.engine.errors import Rejected
from hacktable.engine.parts import AnyGame
from hacktable.games import all_games, get_game
from hacktable.server import presenter
from hacktable.server.errors import NotFound
from hacktable.server.security import token_hash

if TYPE_CHECKING:  # the runs and their checks (the simulator's command) load on first use
    from hacktable.lab.jobs import Job, Jobs
    from hacktable.lab.spec import Spec

router = APIRouter(include_in_schema=False)

REPORT_POLICY = ("sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                 "font-src data:")
"""The report is the simulator's own page: no script, nothing fetched. Served sandboxed all
the same, so a page in it could never act as the table."""
OFF = "The Lab is turned off at this table (HACKTABLE_LAB_JOBS=0)."


LAB_COOKIE = "hacktable_lab"
"""Holds the browser's Lab token: a run belongs to the browser that started it."""


def jobs_of(request: Request) -> Jobs:
    """This process's runs, made on first use; 404 when the lab is turned off."""
    settings = request.app.state.settings
    if settings.lab_jobs <= 0:
        raise NotFound(OFF)
    jobs = getattr(request.app.state, "lab", None)
    if jobs is None:
        from hacktable.lab.jobs import Jobs

        jobs = Jobs(lab_root(settings.database_url), settings.lab_jobs,
                    max_seconds=settings.lab_seconds, queue=settings.lab_queue,
                    per_visitor=settings.lab_runs_per_visitor)
        request.app.state.lab = jobs
    return jobs


def browser_of(request: Request) -> str | None:
    """Whose runs this browser may see: the hash of its Lab token (None: it has none, and
    sees none); every run's where the operator opened the Lab to all."""
    token = request.cookies.get(LAB_COOKIE)
    return token_hash(token) if token else None


def mine(request: Request, job: Job) -> bool:
    if request.app.state.settings.lab_open:
        return True
    browser = browser_of(request)
    return browser is not None and hmac.compare_digest(job.browser, browser)


def lab_root(url: str | None) -> Path:
    """Runs live beside an SQLite database file, else in the user's data directory."""
    from sqlalchemy.engine import make_url

    from hacktable.store import database_url

    parsed = make_url(database_url(url))
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        return Path(str(parsed.database)).resolve().parent / "lab"
    from platformdirs import user_data_path

    return user_data_path("hacktable") / "lab"


def _job(request: Request, job_id: str) -> Job:
    """A run this browser started (another's is answered as if there were none)."""
    job = jobs_of(request).get(job_id)
    if job is None or not mine(request, job):
        raise NotFound("There is no Lab run of yours at this address; start one from the "
                       "Lab page.")
    return job


def _render(name: str, **context: Any) -> str:
    from hacktable.lab.page import render

    return render(name, **context)


def _game(game_id: str) -> AnyGame:
    games = all_games()
    if not games:
        raise NotFound("No games are installed.")
    try:
        return get_game(game_id) if game_id else games[0]
    except Rejected:
        return games[0]


def example_sweep(game: AnyGame) -> str:
    """A sweep of the game's first option worth sweeping, for the form's hint."""
    for option in game.options:
        if option.choices:
            return f"{option.name}={','.join(str(c) for c in option.choices)}"
        if isinstance(option.default, bool):
            return f"{option.name}=true,false"
        if isinstance(option.default, int) and option.minimum is not None \
                and option.maximum is not None:
            values = dict.fromkeys([option.minimum, option.default, option.maximum])
            return f"{option.name}={','.join(str(v) for v in values)}"
    return "name=a,b,c"


def _form_page(request: Request, jobs: Jobs, game: AnyGame, values: dict[str, Any],
               error: str = "", busy: Job | None = None, status: int = 200) -> HTMLResponse:
    from hacktable.lab.spec import MAX_GAMES

    running = busy or next(iter(jobs.running()), None)
    if running is not None and not mine(request, running):
        running = None  # someone else's: not a link to follow
    everyone = request.app.state.settings.lab_open
    return HTMLResponse(_render(
        "lab.html", games=[{"id": g.id, "name": g.name} for g in all_games()],
        game=presenter.game_info(game), values=values, error=error, running=running,
        busy=busy is not None,
        recent=jobs.recent() if everyone else jobs.recent(browser=browser_of(request) or "-"),
        names=_names(),
        example_sweep=example_sweep(game), max_games=MAX_GAMES), status_code=status)


def _names() -> dict[str, str]:
    return {g.id: g.name for g in all_games()}


@router.get("/lab/static/{name}")
async def static(name: str, request: Request) -> FileResponse:
    """The Lab's own stylesheet and script (`hacktable/lab/static/`); off with the Lab."""
    from hacktable.lab.page import asset

    if request.app.state.settings.lab_jobs <= 0:
        raise NotFound(OFF)
    path = asset(name)
    if path is None:
        raise NotFound("There is no such file in the Lab.")
    kind = "text/css" if name.endswith(".css") else "text/javascript"
    return FileResponse(path, media_type=kind)


@router.get("/lab", response_class=HTMLResponse)
async def lab(request: Request, game: str = "") -> HTMLResponse:
    from hacktable.lab.spec import defaults

    jobs = jobs_of(request)
    chosen = _game(game)
    asked = {key: request.query_params.getlist(key) for key in request.query_params}
    # "Change and run again" comes with a run's fields; a plain visit gets the defaults
    values = _echo(chosen, asked) if "players" in asked else defaults(chosen)
    return _form_page(request, jobs, chosen, values)


async def _fields(request: Request) -> dict[str, list[str]]:
    """The submitted fields, each with its list of values, from a form or a JSON object."""
    if request.headers.get("content-type", "").startswith("application/json"):
        try:
            body = json.loads(await request.body() or b"{}")
        except ValueError:
            raise Rejected("The request body is not valid JSON; send a JSON object.") from None
        if not isinstance(body, dict):
            raise Rejected("Send the run as a JSON object.")
        fields: dict[str, list[str]] = {}
        for key, value in body.items():
            items = value if isinstance(value, list) else [value]
            if isinstance(value, bool):
                items = ["on"] if value else []
            fields[str(key)] = [str(item) for item in items]
        return fields
    try:  # within the body's limit too (`server/bodies.py`)
        form = await request.form(max_files=0, max_fields=FORM_FIELDS)
    except HTTPException as error:
        if error.status_code != 400:  # a body over its limit is answered 413 as it is
            raise
        raise Rejected(f"A Lab run's form has at most {FORM_FIELDS} fields and no files; "
                       "send it as the Lab page makes it.") from None
    return {key: [str(v) for v in form.getlist(key)] for key in form}


def _wants_json(request: Request) -> bool:
    return (request.headers.get("content-type", "").startswith("application/json")
            or "application/json" in request.headers.get("accept", ""))


FORM_FIELDS = 200
"""The most fields a Lab run's form may send (the form has a few, and one per rule option):
python-multipart stops reading past it."""


@router.post("/lab/jobs")
async def start(request: Request) -> Response:
    from hacktable.lab.jobs import Full
    from hacktable.lab.spec import capped, check, unknown_fields

    jobs = jobs_of(request)
    wants_json = _wants_json(request)
    fields: dict[str, list[str]] = {}
    token = request.cookies.get(LAB_COOKIE) or secrets.token_urlsafe(16)
    status = 400
    try:
        fields = await _fields(request)
        status = 422
        unknown_fields(fields)
        status = 400
        spec, note = capped(check(fields), request.app.state.settings.lab_budget)
        job = await jobs.start(spec, token_hash(token), note)
    except (Rejected, Full) as refused:
        sentence = (refused.reason if isinstance(refused, Rejected) else
                    "The Lab's queue is full; try again once some of its runs have ended.")
        status = status if isinstance(refused, Rejected) else 409
        if wants_json:
            return JSONResponse({"detail": sentence}, status_code=status)
        game = _game((fields.get("game") or [""])[0])
        return _form_page(request, jobs, game, _echo(game, fields), error=sentence,
                          status=status)
    url = f"/lab/jobs/{job.id}"
    answer: Response = (JSONResponse({"id": job.id, "url": url, "progress": f"{url}/progress",
                                      "status": job.status, "note": note}, status_code=201)
                        if wants_json else RedirectResponse(url, status_code=303))
    answer.set_cookie(LAB_COOKIE, token, max_age=60 * 60 * 24 * 60, httponly=True,
                      samesite="lax", path="/lab")
    return answer


def _echo(game: AnyGame, fields: dict[str, list[str]]) -> dict[str, Any]:
    """The form as it was sent, so a refusal costs no retyping."""
    from hacktable.lab.spec import defaults

    values = defaults(game)
    for key in ("players", "bots", "games", "seed"):
        if fields.get(key):
            values[key] = fields[key][0]
    values["rotate"] = bool(fields.get("rotate"))
    values["sweeps"] = "\n".join(fields.get("sweeps") or [])
    values["option"] = fields.get("option") or []
    return values


@router.get("/lab/jobs/{job_id}", response_class=HTMLResponse)
async def job_page(job_id: str, request: Request) -> HTMLResponse:
    job = _job(request, job_id)
    game = get_game(job.spec.game)
    return HTMLResponse(_render(
        "lab.html", job=job, progress=_progress(request, job), game={"name": game.name,
                                                                     "id": game.id},
        command=job.spec.shown(), again=f"/lab?{again(job.spec)}",
        has_report=(job.folder / "report.html").exists(),
        has_results=(job.folder / "results.jsonl").exists()))


def again(spec: Spec) -> str:
    """The form's fields for this run, as a query: the form comes back filled in."""
    fields = [("game", spec.game), ("players", str(spec.players)), ("bots", ",".join(spec.bots)),
              ("games", str(spec.games)), ("seed", str(spec.seed))]
    fields += [("rotate", "on")] if spec.rotate else []
    fields += [("option", option) for option in spec.options]
    fields += [("sweeps", "\n".join(spec.sweeps))] if spec.sweeps else []
    return urlencode(fields)


@router.get("/lab/jobs/{job_id}/progress")
async def progress(job_id: str, request: Request) -> JSONResponse:
    job = _job(request, job_id)
    return JSONResponse(_progress(request, job), headers={"Cache-Control": "no-store"})


def _progress(request: Request, job: Job) -> dict[str, Any]:
    """The progress bar's figures, and for a waiting run how many runs start before it."""
    from hacktable.lab.jobs import QUEUED

    shown = job.progress(time.time())
    if job.status == QUEUED and not job.message:
        ahead = jobs_of(request).ahead(job) + len(jobs_of(request).running())
        shown["message"] = (f"Waiting for a free slot: {ahead:,} run"
                            f"{'s' if ahead != 1 else ''} before it; it starts by itself.")
    return shown


@router.post("/lab/jobs/{job_id}/cancel")
async def cancel(job_id: str, request: Request) -> Response:
    job = _job(request, job_id)
    jobs_of(request).cancel(job)
    if _wants_json(request):
        return JSONResponse(_progress(request, job))
    return RedirectResponse(f"/lab/jobs/{job.id}", status_code=303)


def _file(job: Job, name: str) -> Path:
    path = job.folder / name
    if not path.is_file():
        raise NotFound("This run has not written that file (yet); watch its page.")
    return path


@router.get("/lab/jobs/{job_id}/report.html")
async def report(job_id: str, request: Request) -> FileResponse:
    job = _job(request, job_id)
    return FileResponse(_file(job, "report.html"), media_type="text/html",
                        headers={"Content-Security-Policy": REPORT_POLICY,
                                 "X-Content-Type-Options": "nosniff"})


@router.get("/lab/jobs/{job_id}/results.jsonl")
async def results(job_id: str, request: Request) -> FileResponse:
    job = _job(request, job_id)
    return FileResponse(_file(job, "results.jsonl"), media_type="application/x-ndjson",
                        filename=f"{job.spec.game}-{job.id}.jsonl")


@router.get("/lab/jobs/{job_id}/summary.json")
async def summary(job_id: str, request: Request) -> FileResponse:
    job = _job(request, job_id)
    return FileResponse(_file(job, "summary.json"), media_type="application/json",
                        filename=f"{job.spec.game}-{job.id}-summary.json")
