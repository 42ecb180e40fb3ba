// A STUN server of the tests' (RFC 5389 Binding only), on this machine,
// that tells each device the public address the test chooses: one UDP
// socket per "network", each answering with its own public IPv4 address
// (the port as seen, as a NAT keeping ports would). Live play's signals
// keep a device's public (server-reflexive) candidate and leave out its
// host one when the other side does without it (`formats::signal::needed`);
// with this server the tests see that happen in a real browser, on one
// network (both devices told the same public address) and on two (each
// its own). The public addresses are documentation ones (RFC 5737):
// nothing answers there, as a NAT on this machine would not.
'use strict';

const dgram = require('node:dgram');
const os = require('node:os');

const COOKIE = 0x2112a442;

// This machine's first IPv4 address that is not loopback: the server's
// address as the browser is told it (its host candidates are there too).
function localAddress() {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list || []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}

// The Binding success response to `msg` from `rinfo`, saying `publicIp`.
function response(msg, rinfo, publicIp) {
  const out = Buffer.alloc(20 + 12);
  out.writeUInt16BE(0x0101, 0); // Binding success
  out.writeUInt16BE(12, 2); // attributes' length
  out.writeUInt32BE(COOKIE, 4);
  msg.copy(out, 8, 8, 20); // the transaction id
  out.writeUInt16BE(0x0020, 20); // XOR-MAPPED-ADDRESS
  out.writeUInt16BE(8, 22);
  out.writeUInt8(0, 24);
  out.writeUInt8(1, 25); // IPv4
  out.writeUInt16BE(rinfo.port ^ (COOKIE >>> 16), 26);
  const ip = publicIp.split('.').reduce((n, o) => (n * 256) + Number(o), 0);
  out.writeUInt32BE((ip ^ COOKIE) >>> 0, 28);
  return out;
}

// One server per public address in `publics`; resolves to
// `{ urls: [stun:…], requests: () => n, close }`, `urls[i]` telling
// `publics[i]`.
async function startStun(publics) {
  const host = localAddress();
  let requests = 0;
  const sockets = await Promise.all(publics.map((publicIp) => new Promise((resolve, reject) => {
    const s = dgram.createSocket('udp4');
    s.on('message', (msg, rinfo) => {
      // A Binding request: type 0x0001, the magic cookie.
      if (msg.length < 20 || msg.readUInt16BE(0) !== 0x0001 || msg.readUInt32BE(4) !== COOKIE) return;
      requests += 1;
      s.send(response(msg, rinfo, publicIp), rinfo.port, rinfo.address);
    });
    s.once('error', reject);
    s.bind(0, host, () => resolve(s));
  })));
  return {
    urls: sockets.map((s) => `stun:${host}:${s.address().port}`),
    requests: () => requests,
    close: () => sockets.forEach((s) => s.close()),
  };
}

module.exports = { startStun };
