// Which IP addresses the server may fetch a calendar from: the public internet only (decision 0031). Every other
// class is refused by name, in IPv4 and in the IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64,
// 6to4), so that no owner's paste and no calendar's redirect can make the server reach itself, its network or its
// cloud's metadata service.
import { isIP } from "node:net";

/** Why an address is refused, in words for the owner; null for a public address. */
export type AddressRefusal =
  | "unspecified"
  | "loopback"
  | "private"
  | "link-local"
  | "shared (carrier-grade NAT)"
  | "multicast"
  | "reserved"
  | "documentation"
  | "not routable";

type Range = { base: bigint; bits: number; size: 32 | 128; why: AddressRefusal };

function ipv4ToBigInt(address: string): bigint | null {
  const parts = address.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function ipv6ToBigInt(address: string): bigint | null {
  let text = address.replace(/^\[|\]$/g, "");
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  // A trailing dotted IPv4 (::ffff:127.0.0.1) becomes two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4ToBigInt(dotted[2] as string);
    if (v4 === null) return null;
    text = `${dotted[1]}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  return value;
}

const range = (cidr: string, why: AddressRefusal): Range => {
  const [base = "", bits = "0"] = cidr.split("/");
  const v4 = base.includes(".") && !base.includes(":");
  const value = v4 ? ipv4ToBigInt(base) : ipv6ToBigInt(base);
  if (value === null) throw new Error(`bad range ${cidr}`);
  return { base: value, bits: Number(bits), size: v4 ? 32 : 128, why };
};

const IPV4: readonly Range[] = [
  range("0.0.0.0/8", "unspecified"),
  range("10.0.0.0/8", "private"),
  range("100.64.0.0/10", "shared (carrier-grade NAT)"),
  range("127.0.0.0/8", "loopback"),
  range("169.254.0.0/16", "link-local"),
  range("172.16.0.0/12", "private"),
  range("192.0.0.0/24", "reserved"),
  range("192.0.2.0/24", "documentation"),
  range("192.88.99.0/24", "reserved"),
  range("192.168.0.0/16", "private"),
  range("198.18.0.0/15", "reserved"),
  range("198.51.100.0/24", "documentation"),
  range("203.0.113.0/24", "documentation"),
  range("224.0.0.0/4", "multicast"),
  range("240.0.0.0/4", "reserved"),
];

const IPV6: readonly Range[] = [
  range("::/128", "unspecified"),
  range("::1/128", "loopback"),
  range("100::/64", "not routable"),
  range("2001::/23", "reserved"),
  range("2001:db8::/32", "documentation"),
  range("3fff::/20", "documentation"),
  range("fc00::/7", "private"),
  range("fe80::/10", "link-local"),
  range("fec0::/10", "private"),
  range("ff00::/8", "multicast"),
];

const inRange = (value: bigint, r: Range) => value >> BigInt(r.size - r.bits) === r.base >> BigInt(r.size - r.bits);

function refusalOfV4(value: bigint): AddressRefusal | null {
  return IPV4.find((r) => inRange(value, r))?.why ?? null;
}

/** The IPv4 address an IPv6 address carries, when it is one of the forms that do. */
function embeddedV4(value: bigint): bigint | null {
  const top96 = value >> 32n;
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), 64:ff9b::a.b.c.d (NAT64), ::ffff:0:a.b.c.d.
  if (top96 === 0xffffn || top96 === 0n || top96 === 0x64ff9b0000000000000000n || top96 === 0xffff0000n) {
    return value & 0xffffffffn;
  }
  // 64:ff9b:1::/48, local-use NAT64: the address is in its last 32 bits.
  if (value >> 80n === 0x64ff9b0001n) return value & 0xffffffffn;
  // 2002:aabb:ccdd::/48, 6to4: the address is in bits 16-48.
  if (value >> 112n === 0x2002n) return (value >> 80n) & 0xffffffffn;
  return null;
}

/** Why the server may not fetch from this address; null when it may (a public address). */
export function addressRefusal(address: string): AddressRefusal | null {
  const family = isIP(address.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  if (family === 4) {
    const value = ipv4ToBigInt(address);
    return value === null ? "not routable" : refusalOfV4(value);
  }
  if (family !== 6) return "not routable";
  const value = ipv6ToBigInt(address);
  if (value === null) return "not routable";
  // :: and ::1 before the compatible form would read them as 0.0.0.0 and 0.0.0.1.
  if (value === 0n) return "unspecified";
  if (value === 1n) return "loopback";
  const v4 = embeddedV4(value);
  if (v4 !== null) return refusalOfV4(v4);
  const listed = IPV6.find((r) => inRange(value, r))?.why;
  if (listed) return listed;
  // Only global unicast (2000::/3) reaches the internet.
  return value >> 125n === 1n ? null : "not routable";
}
