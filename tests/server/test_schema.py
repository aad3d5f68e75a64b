"""Schemathesis against the OpenAPI schema of a real server process (SQLite): whatever it
generates for any endpoint, the server never answers with a 5xx.

Each generated request is sent as generated (no token: a spectator), and again aimed at real
matches: a started one with a seat's token in the Authorization header, the same without a
token, a match still in its lobby, and one where the host's token is presented (so the host
controls run with generated bodies too).

The schema leaves two maps open (a match's `options` and `bots`), where Schemathesis rarely
writes anything the server reads; a Hypothesis property beside it fills them with option
names, bot names and seat numbers written in any of Unicode's digits.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.server.helpers import BOTS, bots_have_sent, token_of
from tests.services import Api, open_table

from hacktable.games import get_game

EXAMPLES = 30



@pytest.fixture(scope="module")
def targets(servers) -> dict:
    """The server, and the (room code, token) pairs every generated request is also sent to."""
    server = servers["sqlite"]
    played = open_table(server.url, ["Ann", "Bob", *BOTS], {"round_minutes": 60})
    hosted = open_table(server.url, ["Cyd", "Dee", *BOTS], {"round_minutes": 60})
    bots_have_sent(played, 5)
    lobby = Api(server.url).ok("POST", "/api/matches", {"game": "rexfurum", "seats": 6})
    return {"url": server.url, "aims": [
        (played.code, played.tokens[0]),
        (played.code, None),
        (lobby["code"], None),
        (hosted.code, token_of(hosted.host)),
    ]}


def _openapi() -> dict:
    """The schema the server publishes, built from the application without serving it (the
    test below checks that the running server publishes the same one)."""
    from hacktable.server.app import create_app
    from hacktable.server.settings import Settings

    return create_app(Settings(database_url="sqlite://")).openapi()


OPENAPI = _openapi()
schema = schemathesis.openapi.from_dict(OPENAPI)


def test_every_api_operation_says_a_token_goes_in_the_bearer_header():
    """Said in the document only (`api.BEARER`): no request pays for a security dependency."""
    assert OPENAPI["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"
    operations = [operation for path, methods in OPENAPI["paths"].items()
                  if path.startswith("/api/") for operation in methods.values()]
    assert operations and all(op["security"] == [{"HTTPBearer": []}] for op in operations)


def test_the_server_publishes_this_schema(targets):
    assert Api(targets["url"]).ok("GET", "/openapi.json") == OPENAPI


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_no_generated_request_gets_a_server_error(case, targets):
    aims = [(None, None), *targets["aims"]]
    generated = dict(case.path_parameters or {})
    for code, token in aims:
        if code is not None and "code" in generated:
            case.path_parameters = {**generated, "code": code}
        elif code is not None:
            continue  # an endpoint without a room code: sent once, as generated
        headers = {"Authorization": f"Bearer {token}"} if token else None
        response = case.call(base_url=targets["url"], headers=headers)
        assert response.status_code < 500, (
            f"{case.method} {case.formatted_path} -> {response.status_code}\n"
            f"{case.as_curl_command(headers=headers)}\n{response.text[:500]}")
    case.path_parameters = generated


OPTION_NAMES = [option.name for option in get_game("rexfurum").options]
digits = st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=3)
values = st.one_of(st.integers(-10**20, 10**20), st.booleans(), st.text(max_size=12),
                   digits)
new_matches = st.fixed_dictionaries({
    "game": st.sampled_from(["rexfurum", "REXFURUM ", "rex furum"]),
    "seats": st.one_of(st.none(), st.integers(0, 64)),
    "options": st.dictionaries(st.one_of(st.sampled_from(OPTION_NAMES), st.text(max_size=8)),
                               values, max_size=4),
    "bots": st.dictionaries(st.one_of(digits, st.text(max_size=4),
                                      st.integers(0, 12).map(str)),
                            st.sampled_from(["loyal", "random-legal", "embezzler", "x"]),
                            max_size=4),
})


@given(body=new_matches)
@settings(max_examples=200, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_creating_a_match_never_gets_a_server_error(targets, body):
    response = Api(targets["url"]).post("/api/matches", body)
    assert response.status_code < 500, (body, response.status_code, response.text)
