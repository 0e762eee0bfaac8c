// Decompression bombs for the tests and the bench: a tar of one file of zeros, compressed so that
// a few megabytes expand to gigabytes. Made without compressing the whole: gzip members (and
// zstd RLE blocks) of zeros are repeated, which every decoder reads as one stream.
import { gzipSync } from "node:zlib";

const MEBIBYTE = 1024 * 1024;

/** A ustar header of one regular file of `size` bytes. */
export function tarHeader(name: string, size: number): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 100, "utf8");
  block.write("0000644\0", 100, "latin1");
  block.write("0000000\0", 108, "latin1");
  block.write("0000000\0", 116, "latin1");
  block.write(`${size.toString(8).padStart(11, "0")}\0`, 124, "latin1");
  block.write("00000000000\0", 136, "latin1");
  block.write("0", 156, "latin1");
  block.write("ustar\0", 257, "latin1");
  block.write("00", 263, "latin1");
  block.fill(" ", 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "latin1");
  return block;
}

/** gzip (multi-member) of a tar holding `expandedBytes` of zeros as one file: about 1000:1. */
export function gzipBombTar(expandedBytes: number, name = "zeros.bin"): Buffer {
  const megabytes = Math.ceil(expandedBytes / MEBIBYTE);
  const zeros = gzipSync(Buffer.alloc(MEBIBYTE), { level: 9 });
  const parts = [gzipSync(tarHeader(name, megabytes * MEBIBYTE))];
  for (let i = 0; i < megabytes; i++) parts.push(zeros);
  parts.push(gzipSync(Buffer.alloc(1024)));
  return Buffer.concat(parts);
}

/** zstd of the same tar, zeros as RLE blocks: 4 bytes per 128 KiB, about 32,000:1. */
export function zstdBombTar(expandedBytes: number, name = "zeros.bin"): Buffer {
  const blockSize = 128 * 1024;
  const blocks = Math.ceil(expandedBytes / blockSize);
  const header = (type: number, size: number, last: boolean) => {
    const head = Buffer.alloc(3);
    head.writeUIntLE((size << 3) | (type << 1) | (last ? 1 : 0), 0, 3);
    return head;
  };
  const tar = tarHeader(name, blocks * blockSize);
  const rle = Buffer.concat([header(1, blockSize, false), Buffer.from([0])]);
  const parts = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38]), header(0, 512, false), tar];
  for (let i = 0; i < blocks; i++) parts.push(rle);
  parts.push(header(0, 1024, true), Buffer.alloc(1024));
  return Buffer.concat(parts);
}
