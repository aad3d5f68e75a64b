// The hidden-hand simultaneous game of benchmarks/bgio/game.js, as a Colyseus 0.16 room:
// every seat secretly plays one card a round, all seats at once, and the round closes as
// soon as every seat has played. Written for the benchmark only.
//
// Hidden information: the `players` map (hands, cards played face down) is a `view` field
// of @colyseus/schema 3, so its entries reach only the clients whose StateView holds them;
// each client's view holds its own entry alone. Who has played (`moved`), last round's
// cards once revealed and the scores are public.
const { Room } = require('@colyseus/core');
const { schema, StateView } = require('@colyseus/schema');

const HAND = 5; // cards each player holds
// Rounds per match: a hacktable match's default, or the benchmark's --rounds.
const ROUNDS = Number(process.env.HIDDEN_HAND_ROUNDS || 10);
const TOP = 13; // card values run 1..TOP
// Milliseconds between state patches (Colyseus's default is 50); 0: a patch after each move.
const PATCH_MS = Number(process.env.COLYSEUS_PATCH_MS ?? 50);

const draw = () => 1 + Math.floor(Math.random() * TOP);

const Player = schema({
  hand: ['number'],
  played: 'number', // 0: not played this round
}, 'Player');

const State = schema({
  players: { map: Player, view: true }, // each entry seen only by the views that hold it
  seats: { map: 'string' }, // sessionId -> seat number, public
  moved: { map: 'boolean' }, // by seat: who has played this round, not what
  revealed: { map: 'number' }, // by seat: last round's cards
  scores: { map: 'number' }, // by seat
  round: 'number',
  started: 'boolean',
  over: 'boolean',
}, 'State');

class HiddenHandRoom extends Room {
  onCreate(options) {
    this.maxClients = Number(options.seats || 5);
    this.patchRate = PATCH_MS > 0 ? PATCH_MS : null;
    this.state = new State();
    this.state.round = 1;
    this.joined = 0;
    this.onMessage('play', (client, index) => this.play(client, index));
  }

  onJoin(client) {
    const seat = String(this.joined++);
    const player = new Player();
    for (let i = 0; i < HAND; i++) player.hand.push(draw());
    player.played = 0;
    this.state.players.set(seat, player);
    this.state.seats.set(client.sessionId, seat);
    this.state.scores.set(seat, 0);
    client.view = new StateView();
    client.view.add(player); // this client's own hand, and no one else's
    if (this.joined === this.maxClients) this.state.started = true;
    this.send_();
  }

  /** Play the card at `index` of this seat's hand, face down; a refused move changes nothing. */
  play(client, index) {
    const seat = this.state.seats.get(client.sessionId);
    const me = this.state.players.get(seat);
    if (!this.state.started || this.state.over || this.state.moved.get(seat)) return;
    if (!Number.isInteger(index) || index < 0 || index >= me.hand.length) return;
    me.played = me.hand[index];
    me.hand.splice(index, 1);
    this.state.moved.set(seat, true);
    if (this.state.moved.size === this.maxClients) this.closeRound();
    this.send_();
  }

  /** Reveal the round: the highest card scores it, everyone draws a replacement. */
  closeRound() {
    let best = 0;
    this.state.players.forEach((me) => { best = Math.max(best, me.played); });
    this.state.players.forEach((me, seat) => {
      this.state.revealed.set(seat, me.played);
      if (me.played === best) this.state.scores.set(seat, this.state.scores.get(seat) + 1);
      me.played = 0;
      me.hand.push(draw());
    });
    this.state.moved.clear();
    this.state.round += 1;
    if (this.state.round > ROUNDS) this.state.over = true;
  }

  /** With COLYSEUS_PATCH_MS=0 every change is sent at once instead of at the next tick. */
  send_() {
    if (this.patchRate === null) this.broadcastPatch();
  }
}

module.exports = { HiddenHandRoom, State, ROUNDS };
