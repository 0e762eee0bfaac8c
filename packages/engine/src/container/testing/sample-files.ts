// Files of small but realistic images (Debian 12 and Alpine 3.19), shared by tests and the bench.

export const DEBIAN_OS_RELEASE = `PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
NAME="Debian GNU/Linux"
VERSION_ID="12"
VERSION="12 (bookworm)"
VERSION_CODENAME=bookworm
ID=debian
`;

export const ALPINE_OS_RELEASE = `NAME="Alpine Linux"
ID=alpine
VERSION_ID=3.19.1
PRETTY_NAME="Alpine Linux v3.19"
`;

export function dpkgStanza(fields: Record<string, string>): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${value}`);
  return `${lines.join("\n")}\nDescription: a package\n multi-line description\n .\n more\n`;
}

export const DPKG_BASE = [
  dpkgStanza({
    Package: "base-files",
    Status: "install ok installed",
    Priority: "required",
    Architecture: "amd64",
    Version: "12.4+deb12u5",
  }),
  dpkgStanza({
    Package: "libssl3",
    Status: "install ok installed",
    Architecture: "amd64",
    Source: "openssl",
    Version: "3.0.11-1~deb12u2",
  }),
  dpkgStanza({
    Package: "vim-tiny",
    Status: "deinstall ok config-files",
    Architecture: "amd64",
    Source: "vim",
    Version: "2:9.0.1378-2",
  }),
  dpkgStanza({
    Package: "zlib1g",
    Status: "install ok installed",
    Architecture: "amd64",
    Source: "zlib (1:1.2.13.dfsg-1)",
    Version: "1:1.2.13.dfsg-1+b1",
  }),
].join("\n");

export const DPKG_WITH_CURL = `${DPKG_BASE}\n${dpkgStanza({
  Package: "curl",
  Status: "install ok installed",
  Architecture: "amd64",
  Version: "7.88.1-10+deb12u5",
})}`;

export const APK_INSTALLED = `C:Q1abc=
P:musl
V:1.2.4_git20230717-r4
A:x86_64
S:407824
I:662528
T:the musl c library (libc) implementation
U:https://musl.libc.org/
L:MIT
o:musl
m:Timo Teräs <timo.teras@iki.fi>
t:1705934233
c:f93af038c3de7146121c2ea8124ba5ce29b4b058
p:so:libc.musl-x86_64.so.1=1
F:lib
R:ld-musl-x86_64.so.1
a:0:0:755
Z:Q1abc=

C:Q1def=
P:libcrypto3
V:3.1.4-r5
A:x86_64
L:Apache-2.0
o:openssl
F:usr/lib
R:libcrypto.so.3

C:Q1ghi=
P:busybox-binsh
V:1.36.1-r15
A:x86_64
L:GPL-2.0-only
o:busybox
`;

export function nodePackageJson(name: string, version: string, license?: unknown): string {
  return JSON.stringify(
    { name, version, description: "x", ...(license === undefined ? {} : { license }) },
    null,
    2,
  );
}

export const REQUESTS_METADATA = `Metadata-Version: 2.1
Name: requests
Version: 2.31.0
Summary: Python HTTP for Humans.
License: Apache 2.0
Classifier: License :: OSI Approved :: Apache Software License

# Requests
Name: not-a-header
`;

const SENTINEL_START = Buffer.from("3077af0c9274080241e1c107e6d618e6", "hex");
const SENTINEL_END = Buffer.from("f932433186182072008242104116d8f2", "hex");

function uvarint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}

/**
 * An ELF-looking file holding Go ≥ 1.18 build info after `padding` bytes, preceded by a decoy
 * header string (as in binaries that link debug/buildinfo) that must not be taken for it.
 */
export function fakeGoBinary(goVersion: string, moduleInfo: string, padding = 70_000): Buffer {
  const elf = Buffer.alloc(64);
  elf.write("\x7fELF", 0, "latin1");
  const decoy = Buffer.concat([
    Buffer.from("\xff Go buildinf:", "latin1"),
    Buffer.from("not a header at all...."),
  ]);
  const filler = Buffer.alloc(padding, 0x41);
  const header = Buffer.alloc(32);
  header.write("\xff Go buildinf:", 0, "latin1");
  header[14] = 8;
  header[15] = 2;
  const info = Buffer.concat([SENTINEL_START, Buffer.from(moduleInfo), SENTINEL_END]);
  const aligned = Buffer.alloc((16 - ((elf.length + decoy.length + filler.length) % 16)) % 16);
  return Buffer.concat([
    elf,
    decoy,
    filler,
    aligned,
    header,
    uvarint(goVersion.length),
    Buffer.from(goVersion),
    uvarint(info.length),
    info,
    Buffer.alloc(5000, 0),
  ]);
}

export const GO_MODULE_INFO = [
  "path\texample.com/app/cmd/server",
  "mod\texample.com/app\t(devel)\t",
  "dep\tgolang.org/x/net\tv0.17.0\th1:abc=",
  "dep\tgithub.com/old/dep\tv1.0.0\th1:x=",
  "=>\tgithub.com/new/dep\tv1.2.0\th1:y=",
  "build\t-compiler=gc",
  "",
].join("\n");
