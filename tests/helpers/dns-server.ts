/**
 * A DNS server for tests (UDP, in process): answers TXT and CNAME questions from a table the test
 * edits, NXDOMAIN for names it does not know, and never answers names marked silent (a timeout).
 * Just enough of RFC 1035 for node:dns's Resolver: one question, answers pointing back at it.
 */
import { createSocket, type RemoteInfo } from "node:dgram";
import type { AddressInfo } from "node:net";

const TYPE = { CNAME: 5, TXT: 16 } as const;

export interface DnsRecords {
  txt: Map<string, string[]>;
  cname: Map<string, string>;
  /** Names the server never answers. */
  silent: Set<string>;
}

export interface DnsServer {
  /** "127.0.0.1:port", for DNS_SERVERS. */
  address: string;
  records: DnsRecords;
  stop(): Promise<void>;
}

function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (message[at]! > 0) {
    const length = message[at]!;
    labels.push(message.subarray(at + 1, at + 1 + length).toString("ascii"));
    at += 1 + length;
  }
  return { name: labels.join(".").toLowerCase(), end: at + 1 };
}

function encodeName(name: string): Buffer {
  const parts = name.split(".").filter(Boolean);
  return Buffer.concat([
    ...parts.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, "ascii")])),
    Buffer.from([0]),
  ]);
}

function answer(type: number, rdata: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

function txtData(value: string): Buffer {
  const chunks: Buffer[] = [];
  for (let i = 0; i < value.length || i === 0; i += 255) {
    const part = Buffer.from(value.slice(i, i + 255), "utf8");
    chunks.push(Buffer.from([part.length]), part);
  }
  return Buffer.concat(chunks);
}

export async function startDnsServer(): Promise<DnsServer> {
  const records: DnsRecords = { txt: new Map(), cname: new Map(), silent: new Set() };
  const socket = createSocket("udp4");
  socket.on("message", (message: Buffer, from: RemoteInfo) => {
    const { name, end } = readName(message, 12);
    const type = message.readUInt16BE(end);
    if (records.silent.has(name)) return;
    const question = message.subarray(12, end + 4);
    const answers: Buffer[] = [];
    if (type === TYPE.TXT)
      for (const value of records.txt.get(name) ?? []) answers.push(answer(TYPE.TXT, txtData(value)));
    const cname = records.cname.get(name);
    if (type === TYPE.CNAME && cname) answers.push(answer(TYPE.CNAME, encodeName(cname)));
    const known = records.txt.has(name) || records.cname.has(name);
    const header = Buffer.alloc(12);
    message.copy(header, 0, 0, 2); // id
    // Response, recursion desired and available; NXDOMAIN for a name with no records at all.
    header.writeUInt16BE(0x8180 | (known ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, question, ...answers]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    records,
    stop: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
