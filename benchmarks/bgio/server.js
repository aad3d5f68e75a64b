// A boardgame.io game server (koa + socket.io) for the hidden-hand game.
//
//   node server.js [--port 8000] [--flatfile DIR]
//
// The match store is boardgame.io's default in-memory one, or with --flatfile its
// FlatFile store (node-persist files in DIR), which keeps matches across restarts.
const { Server, Origins, FlatFile } = require('boardgame.io/server');
const { HiddenHand } = require('./game');

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

const port = Number(option('--port', '8000'));
const dir = option('--flatfile', null);

const server = Server({
  games: [HiddenHand],
  origins: [Origins.LOCALHOST],
  db: dir ? new FlatFile({ dir, logging: false }) : undefined,
});

server.run(port).then(() => {
  // The line the benchmark waits for before it starts the clients.
  console.log(`ready ${port} ${dir ? 'flatfile' : 'in-memory'}`);
});
