import { describe, expect, it } from "vitest";
import { checkUploadContent, mediaType, safeFileName } from "./upload-types.ts";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const status = (declared: string, data: Buffer) => {
  try {
    return checkUploadContent(declared, data).label;
  } catch (error) {
    return `${(error as { status: number }).status}: ${(error as Error).message}`;
  }
};

describe("evidence upload types", () => {
  it("accepts content that matches its declared type", () => {
    expect(status("application/pdf", Buffer.from("%PDF-1.7\n..."))).toBe("PDF");
    expect(status("image/png", PNG)).toBe("PNG");
    expect(status("image/jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("JPEG");
    expect(status("image/gif", Buffer.from("GIF89a...."))).toBe("GIF");
    expect(status("image/webp", Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBe("WebP");
    expect(status("text/csv", Buffer.from("name,role\nÅsa,admin\n"))).toBe("CSV");
    expect(status("application/zip", Buffer.from("PK\u0003\u0004rest"))).toBe("zip");
  });

  it("refuses content of another type than declared", () => {
    expect(status("application/pdf", PNG)).toMatch(/^422: The file was sent as PDF but its content is not/);
    expect(status("text/plain", Buffer.from([0x66, 0x6f, 0x00, 0x6f]))).toMatch(/^422: .*not UTF-8 text/);
    expect(status("text/plain", Buffer.from([0xc3, 0x28]))).toMatch(/^422/);
  });

  it("refuses executables whatever they are declared as", () => {
    const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
    expect(status("text/plain", elf)).toMatch(/^422: The file is a Linux executable/);
    expect(status("text/plain", Buffer.from("MZ\u0090\u0000"))).toMatch(/Windows executable/);
    expect(status("text/plain", Buffer.from("#!/bin/sh\necho hi\n"))).toMatch(/a script/);
    expect(status("application/pdf", Buffer.from([0xcf, 0xfa, 0xed, 0xfe]))).toMatch(/macOS executable/);
  });

  it("refuses types outside the table with 415", () => {
    expect(status("application/x-msdownload", Buffer.from("x"))).toMatch(
      /^415: Files of type application\/x-msdownload/,
    );
    expect(status("", Buffer.from("x"))).toMatch(/^415: Files without a Content-Type/);
    expect(mediaType("Text/Plain; charset=utf-8")).toBe("text/plain");
  });

  it("reduces file names to a safe base name", () => {
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("C:\\Users\\me\\report.pdf")).toBe("report.pdf");
    expect(safeFileName("evil\u202Efdp.exe")).toBe("evilfdp.exe");
    expect(safeFileName("line\nbreak.txt")).toBe("linebreak.txt");
    expect(safeFileName("..")).toBeNull();
    expect(safeFileName("dir/")).toBeNull();
    expect(safeFileName("\u0000\u0001")).toBeNull();
  });
});
