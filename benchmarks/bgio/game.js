// A small hidden-hand simultaneous game for boardgame.io 0.50.2, the same shape as a
// hacktable round: every seat secretly plays one card per round, all seats at once, and
// the round closes as soon as every seat has played. Written for the benchmark only.
const { PlayerView } = require('boardgame.io/core');

const HAND = 5; // cards each player holds
// Rounds per match: a hacktable match's default, or the benchmark's --rounds.
const ROUNDS = Number(process.env.HIDDEN_HAND_ROUNDS || 10);
const TOP = 13; // card values run 1..TOP

/** The state. `secret` (the deck) and `players` (hands, played cards) are the parts
 * `PlayerView.STRIP_SECRETS` hides: each client sees only its own entry of `players`. */
function setup({ ctx, random }) {
  const draw = () => random.Die(TOP);
  const players = {};
  for (const id of ctx.playOrder) {
    players[id] = { hand: Array.from({ length: HAND }, draw), played: null };
  }
  return {
    secret: { drawn: 0 }, // server-only bookkeeping, never sent to a client
    players,
    round: 1,
    moved: {}, // public: who has played this round, not what
    revealed: null, // public: last round's cards, shown once every seat has played
    scores: Object.fromEntries(ctx.playOrder.map((id) => [id, 0])),
  };
}

/** Play the card at `index` of this player's hand, face down. */
function play({ G, playerID }, index) {
  const me = G.players[playerID];
  me.played = me.hand[index];
  me.hand.splice(index, 1);
  G.moved[playerID] = true;
}

/** Reveal the round: the highest card scores it, everyone draws a replacement. */
function closeRound({ G, ctx, random }) {
  const cards = {};
  for (const id of ctx.playOrder) {
    const me = G.players[id];
    cards[id] = me.played;
    me.played = null;
    me.hand.push(random.Die(TOP));
    G.secret.drawn += 1;
  }
  const best = Math.max(...Object.values(cards));
  for (const id of ctx.playOrder) if (cards[id] === best) G.scores[id] += 1;
  G.revealed = cards;
  G.moved = {};
  G.round += 1;
}

const HiddenHand = {
  name: 'hidden-hand',
  minPlayers: 2,
  maxPlayers: 10,
  setup,
  playerView: PlayerView.STRIP_SECRETS,
  turn: {
    // Every player enters the `play` stage at the start of each turn (= round) and may
    // make exactly one move there; the turn ends once all have moved.
    activePlayers: { all: 'play', minMoves: 1, maxMoves: 1 },
    stages: {
      play: {
        moves: {
          play: {
            move: play,
            client: false, // the server alone applies it: clients lack the others' state
            redact: true, // the move log shows that a player moved, not which card
            ignoreStaleStateID: true, // simultaneous: others' moves bump the state ID
          },
        },
      },
    },
    endIf: ({ G, ctx }) => Object.keys(G.moved).length === ctx.numPlayers,
    onEnd: closeRound,
  },
  endIf: ({ G }) => (G.round > ROUNDS ? { scores: G.scores } : undefined),
};

module.exports = { HiddenHand, ROUNDS };
