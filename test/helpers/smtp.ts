// A fake SMTP server on 127.0.0.1 and a free port, closed when the test ends:
// it accepts every message and keeps its envelope and data, so a test can count
// what was sent and to whom. With `holdFirst`, it never answers the end of the
// first message's data: a hand-over in progress, for as long as the test likes.
import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** An SMTP server that accepts everything and keeps each message's envelope and data. */
export async function fakeSmtp(t: { teardown(fn: () => unknown): void }, { holdFirst = false } = {}) {
  const received: ReceivedMail[] = [];
  /** Messages whose data ended but which were never acknowledged (holdFirst). */
  const held: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let at: number;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            if (holdFirst && held.length === 0) held.push(current);
            else {
              received.push(current);
              socket.write('250 queued\r\n');
            }
            current = { from: '', to: [], data: '' };
          } else current.data += (line.startsWith('..') ? line.slice(1) : line) + '\n';
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.address() as net.AddressInfo).port, received, held };
}
