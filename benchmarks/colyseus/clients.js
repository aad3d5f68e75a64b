// Closed-loop Colyseus clients for the hidden-hand room, the shape of hacktable's
// benchmarks/server_load.py and of ../bgio/clients.js: N matches of S seats, each seat its
// own colyseus.js `Room` (its own WebSocket), all in this process.
//
//   node clients.js [--server ws://127.0.0.1:2567] [--matches 20] [--seats 5]
//                   [--seconds 15] [--think 0] [--drain 20]
//
// A seat plays as soon as its state says it may (after --think seconds on average,
// exponentially distributed; 0 = at once). Latency: from sending the move until this
// seat's own state shows it applied (its `moved` flag set, or the round moved on). Only
// moves sent inside the --seconds window count; creating and joining the first matches
// comes before it. A match that ends is replaced by a new one. Prints one JSON object.
const { Client } = require('colyseus.js');

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

const server = option('--server', 'ws://127.0.0.1:2567');
const matches = Number(option('--matches', '20'));
const seats = Number(option('--seats', '5'));
const seconds = Number(option('--seconds', '15'));
const think = Number(option('--think', '0'));
const drain = Number(option('--drain', '20')); // seconds to wait for moves still in flight
const STALL_MS = 30000; // a move unanswered this long is counted as lost

const lobby = new Client(server); // creates and joins rooms (HTTP matchmaking, then a socket)
const now = () => performance.now();
const stats = {
  sent: 0, applied: 0, appliedAll: 0, lost: 0, latencies: [],
  matchesStarted: 0, matchesFinished: 0,
};
let windowStart = Infinity; // moves sent in [windowStart, windowEnd) count
let windowEnd = Infinity;
let playing = true; // false once the window closes: no new moves
const inFlight = new Map(); // room -> its move not yet seen applied

/** One seat: a joined room that plays whenever its state allows; resolves once over. */
function seat(room) {
  return new Promise((resolve) => {
    let pending = null; // { round, at, counted } for the move awaiting its echo
    let timer = null;
    const mine = () => room.state.seats && room.state.seats.get(room.sessionId);

    const settle = (state) => {
      const me = mine();
      const done = state.moved.get(me) || state.round !== pending.round || state.over;
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
      inFlight.delete(room);
      if (!done) schedule(room.state); // play again: the move was dropped
    };

    const mayPlay = (state) => {
      const me = mine();
      return playing && me !== undefined && state.started && !state.over &&
        !state.moved.get(me) && state.players.get(me) !== undefined;
    };

    const move = () => {
      timer = null;
      const state = room.state;
      if (pending || !mayPlay(state)) return;
      const hand = state.players.get(mine()).hand;
      const at = now();
      pending = { round: state.round, at, counted: at >= windowStart && at < windowEnd };
      pending.stall = setTimeout(() => pending && settle(room.state), STALL_MS + 10);
      if (pending.counted) stats.sent += 1;
      inFlight.set(room, pending);
      room.send('play', Math.floor(Math.random() * hand.length));
    };

    const schedule = (state) => {
      if (pending || timer || !mayPlay(state)) return;
      const wait = think > 0 ? -Math.log(1 - Math.random()) * think * 1000 : 0;
      timer = setTimeout(move, wait);
    };

    room.onStateChange((state) => {
      if (pending) settle(state);
      if (state.over) {
        room.leave();
        return resolve();
      }
      schedule(state);
    });
  });
}

/** One table: create a room, join every seat, play it to the end, start another. */
async function table(index) {
  while (playing) {
    const host = await lobby.create('hidden_hand', { seats });
    const rooms = [host];
    for (let s = 1; s < seats; s++) rooms.push(await lobby.joinById(host.roomId));
    stats.matchesStarted += 1;
    const over = Promise.all(rooms.map(seat));
    if (ready) ready(index);
    await over;
    stats.matchesFinished += 1;
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
  const version = require('./package.json').dependencies['@colyseus/core'];
  const result = {
    system: `Colyseus ${version}`, matches, seats, seconds, think,
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
