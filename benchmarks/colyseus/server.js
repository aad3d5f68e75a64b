// A Colyseus 0.16 game server (its WebSocket transport, in-memory matchmaking and
// presence) for the hidden-hand room.
//
//   node server.js [--port 2567]
const { Server } = require('@colyseus/core');
const { WebSocketTransport } = require('@colyseus/ws-transport');
const { HiddenHandRoom } = require('./room');

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

const port = Number(option('--port', '2567'));
const server = new Server({ transport: new WebSocketTransport(), greet: false });
server.define('hidden_hand', HiddenHandRoom);
server.listen(port, '127.0.0.1').then(() => {
  // The line the benchmark waits for before it starts the clients.
  console.log(`ready ${port} in-memory`);
});
