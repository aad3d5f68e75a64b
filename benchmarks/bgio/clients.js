// Closed-loop boardgame.io clients for the hidden-hand game, the shape of hacktable's
// benchmarks/server_load.py: N matches of S seats, each seat its own boardgame.io
// `Client` with the `SocketIO` multiplayer transport (its own socket), all in this process.
//
//   node clients.js [--server http://127.0.0.1:8000] [--matches 20] [--seats 5]
//                   [--seconds 15] [--think 0] [--drain 20]
//
// A seat plays as soon as its state says it may (after --think seconds on average,
// exponentially distributed; 0 = at once). Latency: from the move's dispatch until this
// seat's own state shows it applied (its `moved` flag set, or the round moved on). Only
// moves sent inside the --seconds window count; creating and joining the first matches
// comes before it. A match that ends is replaced by a new one. Prints one JSON object.
const { Client, LobbyClient } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { HiddenHand } = require('./game');

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

const server = option('--server', 'http://127.0.0.1:8000');
const matches = Number(option('--matches', '20'));
const seats = Number(option('--seats', '5'));
const seconds = Number(option('--seconds', '15'));
const think = Number(option('--think', '0'));
const drain = Number(option('--drain', '20')); // seconds to wait for moves still in flight
const STALL_MS = 30000; // a move unanswered this long is counted as lost

const lobby = new LobbyClient({ server });
const now = () => performance.now();
const stats = {
  sent: 0, applied: 0, appliedAll: 0, lost: 0, latencies: [],
  matchesStarted: 0, matchesFinished: 0,
};
let windowStart = Infinity; // moves dispatched in [windowStart, windowEnd) count
let windowEnd = Infinity;
let playing = true; // false once the window closes: no new moves
const inFlight = new Map(); // client -> its move not yet seen applied

/** One seat: a boardgame.io client that plays whenever its state allows. */
function seat(matchID, playerID, credentials, onGameover) {
  const client = Client({
    game: HiddenHand,
    numPlayers: seats,
    matchID,
    playerID,
    credentials,
    multiplayer: SocketIO({ server }),
    debug: false,
  });
  let pending = null; // { round, at, counted } for the move awaiting its echo
  let timer = null;

  /** Close the pending move: applied (its latency counts) or, after STALL_MS, lost. */
  const settle = (state) => {
    const done = state && (state.G.moved[playerID] || state.G.round !== pending.round ||
      state.ctx.gameover);
    if (!done && now() - pending.at < STALL_MS) return;
    if (done) stats.appliedAll += 1;
    if (pending.counted && done) {
      stats.applied += 1;
      stats.latencies.push(now() - pending.at);
    } else if (pending.counted) {
      stats.lost += 1;
    }
    clearTimeout(pending.stall);
    pending = null;
    inFlight.delete(client);
    if (!done) schedule(client.getState()); // play again: the move was dropped
  };

  const mayPlay = (state) =>
    playing && !state.ctx.gameover && state.ctx.activePlayers &&
    state.ctx.activePlayers[playerID] === 'play' && !state.G.moved[playerID];

  const move = () => {
    timer = null;
    const state = client.getState();
    if (!state || pending || !mayPlay(state)) return;
    const hand = state.G.players[playerID].hand;
    const at = now();
    pending = { round: state.G.round, at, counted: at >= windowStart && at < windowEnd };
    pending.stall = setTimeout(() => pending && settle(client.getState()), STALL_MS + 10);
    if (pending.counted) stats.sent += 1;
    inFlight.set(client, pending);
    client.moves.play(Math.floor(Math.random() * hand.length));
  };

  /** Play soon if this state allows it (never from inside the store's notification). */
  const schedule = (state) => {
    if (!state || pending || timer || !mayPlay(state)) return;
    const wait = think > 0 ? -Math.log(1 - Math.random()) * think * 1000 : 0;
    timer = setTimeout(move, wait);
  };

  client.subscribe((state) => {
    if (!state) return;
    if (pending) settle(state);
    if (state.ctx.gameover) return onGameover(playerID);
    schedule(state);
  });
  client.start();
  return client;
}

/** One table: create a match, join every seat, play it to the end, start another. */
async function table(index) {
  while (playing) {
    const { matchID } = await lobby.createMatch(HiddenHand.name, { numPlayers: seats });
    // One seat at a time: concurrent joins race in FlatFile (each reads and rewrites the
    // match's metadata, so all but one seat's credentials would be lost).
    const creds = [];
    for (let s = 0; s < seats; s++) {
      const joined = await lobby.joinMatch(HiddenHand.name, matchID, {
        playerID: String(s), playerName: `bot ${index}.${s}`,
      });
      creds.push(joined.playerCredentials);
    }
    stats.matchesStarted += 1;
    await new Promise((resolve) => {
      const over = new Set();
      const clients = creds.map((c, s) => seat(matchID, String(s), c, (id) => {
        if (over.size === seats) return; // already closed
        over.add(id);
        if (over.size === seats) {
          stats.matchesFinished += 1;
          clients.forEach((client) => client.stop());
          resolve();
        }
      }));
      if (ready) ready(index);
    });
  }
}

function percentile(values, fraction) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

let ready = null;

async function main() {
  const t0 = now();
  const tablesReady = new Promise((resolve) => {
    const seen = new Set();
    ready = (i) => { seen.add(i); if (seen.size === matches) { ready = null; resolve(); } };
  });
  for (let i = 0; i < matches; i++) table(i).catch((e) => { console.error(e); process.exit(1); });
  await tablesReady;
  const setup = (now() - t0) / 1000;
  windowStart = now();
  windowEnd = windowStart + seconds * 1000;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  playing = false;
  const drainStart = now();
  while (inFlight.size && now() - drainStart < drain * 1000) {
    await new Promise((r) => setTimeout(r, 50));
  }
  // Moves of the window still unanswered after the drain count as lost.
  stats.lost += [...inFlight.values()].filter((p) => p.counted).length;
  const result = {
    system: 'boardgame.io 0.50.2', matches, seats, seconds, think,
    moves: stats.applied, moves_s: stats.applied / seconds, sent: stats.sent,
    lost: stats.lost, moves_all: stats.appliedAll, // moves_all: the setup and drain's too
    p50_ms: percentile(stats.latencies, 0.5), p99_ms: percentile(stats.latencies, 0.99),
    max_ms: stats.latencies.length ? Math.max(...stats.latencies) : null,
    matches_started: stats.matchesStarted, matches_finished: stats.matchesFinished,
    setup_s: setup, drain_s: (now() - drainStart) / 1000,
  };
  console.log(JSON.stringify(result));
  process.exit(0); // closes every socket
}

main();
