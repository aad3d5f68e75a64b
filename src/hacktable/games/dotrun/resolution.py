"""Resolution: hacks, then runners left to right, then the win or the alarm (seed §5.3).

Every step is an event, in order, so that a screen can replay the turn one step at a time:
hack results, alertness, lockouts, paths opened, each runner's cards and moves, the end.
"""

from __future__ import annotations

from hacktable.engine.contract import Event
from hacktable.games.dotrun.board import GOAL, RINGS, Board, ring_of
from hacktable.games.dotrun.cards import ROW_LENGTH, run_row
from hacktable.games.dotrun.state import DotrunResult, DotrunState, HackRecord, space_of, task_of
from hacktable.games.dotrun.tasking import TaskSource
from hacktable.games.dotrun.tasks.source import record


def raise_alertness(state: DotrunState, amount: int, reason: str, seat: int | None = None
                    ) -> list[Event]:
    if amount <= 0:
        return []
    before = state["alertness"]
    state["alertness"] += amount
    return [Event("alertness", {"from": before, "to": state["alertness"], "reason": reason,
                                "seat": seat})]


def resolve_hacks(state: DotrunState, board: Board,
                  source: TaskSource) -> tuple[list[Event], set[str]]:
    """"For each failed hacking attempt, move the alertness meter up by 2 and place a
    lockout token on the terminal." A path opens when each of its colours was hacked
    successfully this turn ("these paths must be hacked from two terminals simultaneously")."""
    events: list[Event] = []
    hacked: dict[str, set[str]] = {}
    options = state["options"]
    for seat, plan in enumerate(state["plans"]):
        if plan is None or plan["do"] != "hack":
            continue
        terminal = space_of(state, seat)
        colour = board.terminals[terminal]
        task, given = task_of(state, seat), state["answers"][seat]
        success = given is not None and bool(source.check(task, given))
        events.append(Event("hack", {"seat": seat, "terminal": terminal, "colour": colour,
                                     "path": plan["path"], "success": success,
                                     "answered": given is not None}))
        state["task_stats"] = record(state["task_stats"], task, colour,
                                     RINGS[ring_of(terminal)], success)
        report: HackRecord = {"turn": state["turn"], "path": plan["path"], "task": task,
                              "answer": given, "success": success}
        state["last_hack"][seat] = report
        events.append(Event("hack_report", dict(report), (seat,)))
        if success:
            hacked.setdefault(plan["path"], set()).add(colour)
            continue
        events += raise_alertness(state, options["failed_hack_alertness"], "failed hack", seat)
        if state["supply"] > 0:
            state["supply"] -= 1
            state["locked"].append(terminal)
            events.append(Event("lockout", {"terminal": terminal, "supply": state["supply"]}))
        else:
            events.append(Event("no_lockout_token", {"terminal": terminal}))
    opened = {path.id for path in board.paths
              if set(path.colours) <= hacked.get(path.id, set())}
    half = sorted(p for p in hacked if p not in opened)
    events.append(Event("paths_open", {"paths": sorted(opened), "half_hacked": half}))
    return events, opened


def move_runners(state: DotrunState, board: Board, opened: set[str]) -> list[Event]:
    """"Each runner flips over their run cards and resolves them from left to right." A
    runner with fewer than three cards shows them and stays put (ruling)."""
    events: list[Event] = []
    for seat, plan in enumerate(state["plans"]):
        if plan is None or plan["do"] != "run":
            continue
        row = list(state["rows"][seat])
        events.append(Event("revealed", {"seat": seat, "cards": row}))
        if len(row) < ROW_LENGTH:
            events.append(Event("too_few_cards", {"seat": seat, "cards": len(row),
                                                  "space": state["pawns"][seat]}))
            continue
        steps = run_row(board, space_of(state, seat), row, opened)
        for step in steps:
            events.append(Event("card", {"seat": seat, **step}))
        state["pawns"][seat] = steps[-1]["to"]
        events.append(Event("moved", {"seat": seat, "to": state["pawns"][seat]}))
    return events


def finish(state: DotrunState, won: bool, reason: str, summary: str) -> Event:
    result: DotrunResult = {"won": won, "reason": reason, "turn": state["turn"],
                            "summary": summary}
    state["result"] = result
    return Event("game_over", dict(result))


def resolve(state: DotrunState, board: Board, source: TaskSource) -> list[Event]:
    """Resolve one turn; sets `state["result"]` when the game ends."""
    options = state["options"]
    limit = options["alertness_limit"]
    names = state["names"]
    events, opened = resolve_hacks(state, board, source)
    if options["alarm_stops_runners"] and state["alertness"] >= limit:
        events.append(finish(state, False, "alertness", f"Failed hacks raised the alertness "
                             f"to {state['alertness']}: security caught the crew."))
        return events
    events += move_runners(state, board, opened)
    at_goal = [seat for seat, space in enumerate(state["pawns"]) if space == GOAL]
    if at_goal:
        who = " and ".join(names[s] for s in at_goal)
        events.append(finish(state, True, "goal", f"{who} reached the goal on turn "
                             f"{state['turn']}: the crew broke into Mugtome."))
        return events
    events += raise_alertness(state, options["round_alertness"], "time in the facility")
    if state["alertness"] >= limit:
        events.append(finish(state, False, "alertness", f"The alertness reached "
                             f"{state['alertness']}: security caught the crew."))
    elif not board.goal_reachable([space_of(state, seat) for seat in range(len(names))],
                                  state["locked"]):
        events.append(finish(state, False, "lockout", "No pawn can ever reach the goal: a "
                             "goal path needs three pawns on the inner ring (two hackers and "
                             "a runner), and locked-out terminals or stranded pawns leave "
                             "too few. The heist has failed."))
    return events
