// A probe of live play (docs/live-play.md): two browser contexts connect a WebRTC
// data channel from a minimal SDP (fingerprint, chosen ICE credentials,
// candidates) rebuilt from a template. `node tests/e2e/rtc_probe.js`; not run
// by scripts/test.sh.
const { chromium } = require('../../.tools/node_modules/playwright-core');
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--allow-loopback-in-peer-connection','--disable-features=WebRtcHideLocalIpsWithMdns'] });
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await a.goto('about:blank'); await b.goto('about:blank');
  const lib = `
  window.gather = (pc) => new Promise(r => { if (pc.iceGatheringState === 'complete') r(); pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && r(); });
  window.compact = (sdp) => {
    const fp = /a=fingerprint:sha-256 ([0-9A-F:]+)/.exec(sdp)[1];
    const ufrag = /a=ice-ufrag:(\\S+)/.exec(sdp)[1], pwd = /a=ice-pwd:(\\S+)/.exec(sdp)[1];
    const cands = [...sdp.matchAll(/a=candidate:\\S+ 1 udp \\d+ (\\S+) (\\d+) typ (\\w+)/g)].map(m => [m[1], +m[2], m[3]]);
    return { fp, ufrag, pwd, cands };
  };
  window.expand = (c, type) => {
    const lines = ['v=0','o=- 1 2 IN IP4 127.0.0.1','s=-','t=0 0','a=group:BUNDLE 0','a=msid-semantic: WMS',
     'm=application 9 UDP/DTLS/SCTP webrtc-datachannel','c=IN IP4 0.0.0.0',
     'a=ice-ufrag:' + c.ufrag, 'a=ice-pwd:' + c.pwd, 'a=ice-options:trickle',
     'a=fingerprint:sha-256 ' + c.fp, 'a=setup:' + (type === 'offer' ? 'actpass' : 'active'),
     'a=mid:0','a=sctp-port:5000','a=max-message-size:262144'];
    c.cands.forEach((k, i) => lines.push('a=candidate:' + (i+1) + ' 1 udp ' + (2122260223 - i) + ' ' + k[0] + ' ' + k[1] + ' typ ' + k[2]));
    lines.push('a=end-of-candidates');
    return { type, sdp: lines.join('\\r\\n') + '\\r\\n' };
  };`;
  await a.evaluate(lib); await b.evaluate(lib);
  const offer = await a.evaluate(async () => {
    window.pc = new RTCPeerConnection({ iceServers: [] });
    window.dc = pc.createDataChannel('game', { negotiated: true, id: 0 });
    window.got = new Promise(r => dc.onmessage = e => r(e.data));
    { const o = await pc.createOffer(); o.sdp = o.sdp.replace(/a=ice-ufrag:.*/, 'a=ice-ufrag:AAAAAAAA').replace(/a=ice-pwd:.*/, 'a=ice-pwd:BBBBBBBBBBBBBBBBBBBBBBBB'); await pc.setLocalDescription(o); } await gather(pc);
    return compact(pc.localDescription.sdp);
  });
  console.log('offer', JSON.stringify(offer));
  const answer = await b.evaluate(async (o) => {
    window.pc = new RTCPeerConnection({ iceServers: [] });
    window.dc = pc.createDataChannel('game', { negotiated: true, id: 0 });
    dc.onopen = () => dc.send('hello from B');
    await pc.setRemoteDescription(expand(o, 'offer'));
    { const o = await pc.createAnswer(); o.sdp = o.sdp.replace(/a=ice-ufrag:.*/, 'a=ice-ufrag:CCCCCCCC').replace(/a=ice-pwd:.*/, 'a=ice-pwd:DDDDDDDDDDDDDDDDDDDDDDDD'); await pc.setLocalDescription(o); } await gather(pc);
    return compact(pc.localDescription.sdp);
  }, offer);
  console.log('answer', JSON.stringify(answer));
  const msg = await a.evaluate(async (an) => { await pc.setRemoteDescription(expand(an, 'answer')); return await Promise.race([got, new Promise(r => setTimeout(() => r('timeout ' + pc.connectionState), 8000))]); }, answer);
  console.log('A received:', msg);
  await browser.close();
})().catch(e => { console.error(e); process.exit(1); });
