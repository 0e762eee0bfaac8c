// RFC 3161 trusted timestamps: ask a time-stamping authority to vouch that data existed at a time,
// and verify a token offline. pkijs parses and checks the CMS signature and chain; everything it
// leaves to the caller (nonce, imprint algorithm, the TSA's critical EKU, the ESS certificate
// binding, genTime within the certificate's validity) is checked here. Errors are values.
import { createHash, randomBytes } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

export const TIMESTAMP_QUERY_TYPE = "application/timestamp-query";
export const TIMESTAMP_REPLY_TYPE = "application/timestamp-reply";
/** A token or reply bigger than this is refused unread: real tokens are a few KiB. */
export const MAX_TOKEN_BYTES = 64 * 1024;
/** How far a genTime may lie ahead of the verifier's clock before it is refused. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const MAX_CERTIFICATES = 16;
const MAX_NAME_LENGTH = 200;

export const OID = {
  sha1: "1.3.14.3.2.26",
  sha256: "2.16.840.1.101.3.4.2.1",
  sha384: "2.16.840.1.101.3.4.2.2",
  sha512: "2.16.840.1.101.3.4.2.3",
  signedData: "1.2.840.113549.1.7.2",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificate: "1.2.840.113549.1.9.16.2.12",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  extendedKeyUsage: "2.5.29.37",
  timeStamping: "1.3.6.1.5.5.7.3.8",
} as const;

/** The hashes an ESS certificate identifier may use, by OID (node:crypto names). */
const ESS_HASHES: Record<string, string> = {
  [OID.sha1]: "sha1",
  [OID.sha256]: "sha256",
  [OID.sha384]: "sha384",
  [OID.sha512]: "sha512",
};

/** Short names for the attributes of a TSA's distinguished name; others print as their OID. */
const NAME_ATTRIBUTES: Record<string, string> = {
  "2.5.4.3": "CN",
  "2.5.4.6": "C",
  "2.5.4.7": "L",
  "2.5.4.8": "ST",
  "2.5.4.10": "O",
  "2.5.4.11": "OU",
  "2.5.4.5": "serialNumber",
};

export type TimestampRequest = { der: Buffer; nonce: bigint };

export type TimestampFailureReason =
  | "network"
  | "timeout"
  | "http-error"
  | "too-large"
  | "bad-response"
  | "rejected"
  | "nonce-mismatch"
  | "imprint-mismatch";

export type TimestampResult =
  | {
      ok: true;
      /** DER TimeStampToken (a CMS ContentInfo holding SignedData over a TSTInfo). */
      token: Buffer;
      /** The TSA's serial number of this token, lowercase hex. */
      serial: string;
      /** RFC 3339 UTC. */
      genTime: string;
      /** The signer certificate's subject, or the TSA name in the token when it carries no certificate. */
      tsa: string;
    }
  | { ok: false; reason: TimestampFailureReason; message: string };

export type TokenFailureReason =
  | "too-large"
  | "malformed"
  | "no-trusted-roots"
  | "imprint-mismatch"
  | "no-signer-certificate"
  | "bad-eku"
  | "no-signing-certificate"
  | "signing-certificate-mismatch"
  | "outside-validity"
  | "gen-time-in-future"
  | "untrusted"
  | "bad-signature";

export type TokenVerification =
  | { ok: true; genTime: string; serial: string; tsa: string; policy: string }
  | { ok: false; reason: TokenFailureReason; message: string };

export type VerifyTimestampOptions = {
  /** PEM certificates of the TSA roots the verifier trusts. */
  trustedRoots: readonly string[];
  /** The verifier's clock (a genTime after it is refused); defaults to the current time. */
  now?: Date;
};

export type RequestTimestampOptions = {
  url: string;
  data: Uint8Array | string;
  fetch?: typeof globalThis.fetch;
  timeoutMs: number;
  maxBytes?: number;
};

// ---------------------------------------------------------------------------------------------
// Requesting a timestamp

/** A DER TimeStampReq for SHA-256(data) with a fresh 64-bit nonce, asking for the TSA certificate. */
export function timestampRequest(data: Uint8Array | string): TimestampRequest {
  // A positive INTEGER: clear the top bit rather than prefixing a zero byte.
  const nonceBytes = randomBytes(8);
  nonceBytes[0]! &= 0x7f;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: sha256(data) }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonceBytes }),
    certReq: true,
  });
  return { der: Buffer.from(request.toSchema().toBER()), nonce: BigInt(`0x${nonceBytes.toString("hex")}`) };
}

/** POSTs a timestamp query and checks that the reply grants a token for this query. */
export async function requestTimestamp(options: RequestTimestampOptions): Promise<TimestampResult> {
  const maxBytes = Math.min(options.maxBytes ?? MAX_TOKEN_BYTES, MAX_TOKEN_BYTES);
  const request = timestampRequest(options.data);
  const reply = await post(options, request.der, maxBytes);
  if (!reply.ok) return reply;
  return checkReply(reply.body, request, sha256(options.data));
}

type Posted = { ok: true; body: Buffer } | { ok: false; reason: TimestampFailureReason; message: string };

async function post(options: RequestTimestampOptions, der: Buffer, maxBytes: number): Promise<Posted> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  try {
    const response = await fetchImpl(options.url, {
      method: "POST",
      headers: { "content-type": TIMESTAMP_QUERY_TYPE, accept: TIMESTAMP_REPLY_TYPE },
      body: der,
      signal: controller.signal,
      redirect: "error",
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return requestFailure("http-error", `the TSA answered HTTP ${response.status}`);
    }
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== TIMESTAMP_REPLY_TYPE) {
      await response.body?.cancel().catch(() => undefined);
      return requestFailure("bad-response", `the TSA answered with content type "${printable(type)}"`);
    }
    const body = await readLimited(response, maxBytes);
    if (!body) return requestFailure("too-large", `the TSA's reply is larger than ${maxBytes} bytes`);
    return { ok: true, body };
  } catch {
    if (timedOut) return requestFailure("timeout", `the TSA did not answer within ${options.timeoutMs} ms`);
    return requestFailure("network", "the TSA could not be reached");
  } finally {
    clearTimeout(timer);
  }
}

async function readLimited(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return declared > maxBytes ? undefined : Buffer.alloc(0);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function checkReply(body: Buffer, request: TimestampRequest, imprint: Buffer): TimestampResult {
  let reply: pkijs.TimeStampResp;
  try {
    reply = pkijs.TimeStampResp.fromBER(exactDer(body));
  } catch {
    return requestFailure("bad-response", "the TSA's reply is not a TimeStampResp");
  }
  const status = reply.status.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
    return requestFailure("rejected", `the TSA refused the request (status ${status}${statusText(reply)})`);
  }
  if (!reply.timeStampToken)
    return requestFailure("bad-response", "the TSA granted the request without a token");
  const token = Buffer.from(reply.timeStampToken.toSchema().toBER());
  const parsed = parseToken(token);
  if (!parsed.ok) return requestFailure("bad-response", `the TSA's token is malformed: ${parsed.message}`);
  const { tstInfo } = parsed;
  const nonce = tstInfo.nonce ? integerValue(tstInfo.nonce) : undefined;
  if (nonce !== request.nonce)
    return requestFailure("nonce-mismatch", "the token does not carry this request's nonce");
  if (!imprintMatches(tstInfo, imprint)) {
    return requestFailure("imprint-mismatch", "the token is not over SHA-256 of the data sent");
  }
  return { ok: true, token, ...describe(parsed) };
}

function requestFailure(reason: TimestampFailureReason, message: string): TimestampResult & { ok: false } {
  return { ok: false, reason, message };
}

function statusText(reply: pkijs.TimeStampResp): string {
  const text = (reply.status.statusStrings ?? [])
    .map((item) => (typeof item.valueBlock.value === "string" ? item.valueBlock.value : ""))
    .join(" ");
  return text ? `: ${printable(text)}` : "";
}

// ---------------------------------------------------------------------------------------------
// Verifying a token

/**
 * Verifies a DER TimeStampToken over `data` against trusted TSA roots. Never throws on hostile
 * bytes: anything that does not parse is `{ ok: false, reason: "malformed" }`.
 */
export async function verifyTimestampToken(
  token: Uint8Array,
  data: Uint8Array | string,
  options: VerifyTimestampOptions,
): Promise<TokenVerification> {
  if (token.byteLength > MAX_TOKEN_BYTES) {
    return tokenFailure("too-large", `the token is larger than ${MAX_TOKEN_BYTES} bytes`);
  }
  const parsed = parseToken(token);
  if (!parsed.ok) return tokenFailure("malformed", parsed.message);
  const roots = parseRoots(options.trustedRoots);
  if (roots.length === 0)
    return tokenFailure("no-trusted-roots", "no trusted TSA root certificate was given");

  const checks = [checkImprint, checkSigner, checkValidity, checkClock(options.now ?? new Date())];
  for (const check of checks) {
    const failure = check(parsed, sha256(data));
    if (failure) return failure;
  }
  const signature = await checkSignature(parsed, data, roots);
  if (signature) return signature;
  return { ok: true, ...describe(parsed), policy: parsed.tstInfo.policy };
}

type TokenFailure = TokenVerification & { ok: false };
type TokenCheck = (token: ParsedToken, imprint: Buffer) => TokenFailure | undefined;

function tokenFailure(reason: TokenFailureReason, message: string): TokenFailure {
  return { ok: false, reason, message };
}

const checkImprint: TokenCheck = (token, imprint) =>
  imprintMatches(token.tstInfo, imprint)
    ? undefined
    : tokenFailure("imprint-mismatch", "the token is not over SHA-256 of these bytes");

/** RFC 3161 §2.3: the TSA certificate has exactly one EKU extension, critical, with timeStamping only. */
const checkSigner: TokenCheck = (token) => {
  const signer = token.signer;
  if (!signer)
    return tokenFailure("no-signer-certificate", "the token does not carry its signer's certificate");
  const ekus = (signer.extensions ?? []).filter((extension) => extension.extnID === OID.extendedKeyUsage);
  const eku = ekus[0];
  if (!eku || ekus.length > 1) {
    return tokenFailure("bad-eku", "the signer certificate lacks one extended key usage extension");
  }
  if (!eku.critical)
    return tokenFailure("bad-eku", "the signer certificate's extended key usage is not critical");
  const purposes = eku.parsedValue instanceof pkijs.ExtKeyUsage ? eku.parsedValue.keyPurposes : [];
  if (purposes.length !== 1 || purposes[0] !== OID.timeStamping) {
    return tokenFailure("bad-eku", "the signer certificate may be used for other things than time-stamping");
  }
  return checkSigningCertificateAttribute(token, signer);
};

/** ESS signingCertificateV2 (or v1): the signed attributes name the signer certificate by hash. */
function checkSigningCertificateAttribute(
  token: ParsedToken,
  signer: pkijs.Certificate,
): TokenFailure | undefined {
  const attributes = token.signerInfo.signedAttrs?.attributes ?? [];
  const attribute =
    attributes.find((item) => item.type === OID.signingCertificateV2) ??
    attributes.find((item) => item.type === OID.signingCertificate);
  if (!attribute) {
    return tokenFailure("no-signing-certificate", "the token lacks the ESS signing-certificate attribute");
  }
  const certId = firstEssCertId(attribute);
  if (!certId) return tokenFailure("malformed", "the ESS signing-certificate attribute does not parse");
  const hash = ESS_HASHES[certId.hashAlgorithm];
  const signerDer = Buffer.from(signer.toSchema().toBER());
  if (!hash || !createHash(hash).update(signerDer).digest().equals(certId.certHash)) {
    return tokenFailure("signing-certificate-mismatch", "the ESS attribute names another certificate");
  }
  const issuerSerial = certId.issuerSerial;
  if (
    issuerSerial &&
    (!issuerSerial.serialNumber.isEqual(signer.serialNumber) ||
      !issuerSerial.issuer.names.some((name) => name.type === 4 && signer.issuer.isEqual(name.value)))
  ) {
    return tokenFailure("signing-certificate-mismatch", "the ESS attribute names another issuer or serial");
  }
  return undefined;
}

const checkValidity: TokenCheck = (token) => {
  const genTime = token.tstInfo.genTime;
  const signer = token.signer;
  return !signer || genTime < signer.notBefore.value || genTime > signer.notAfter.value
    ? tokenFailure("outside-validity", "the token was made outside its signer certificate's validity")
    : undefined;
};

function checkClock(now: Date): TokenCheck {
  return (token) =>
    token.tstInfo.genTime.getTime() > now.getTime() + CLOCK_SKEW_MS
      ? tokenFailure("gen-time-in-future", "the token claims a time in the future")
      : undefined;
}

/** pkijs: the CMS signature over the signed attributes, and the chain to a trusted root at genTime. */
async function checkSignature(
  token: ParsedToken,
  data: Uint8Array | string,
  roots: pkijs.Certificate[],
): Promise<TokenFailure | undefined> {
  // pkijs rehashes the data with the token's imprint algorithm (already pinned to SHA-256).
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data);
  try {
    const result = await token.signedData.verify({
      signer: 0,
      data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      trustedCerts: roots,
      checkChain: true,
      extendedMode: true,
    });
    return result.signatureVerified
      ? undefined
      : tokenFailure("bad-signature", "the TSA's signature does not verify");
  } catch (error) {
    // Code 5: the signer's chain does not reach a trusted root (or a certificate was not valid then).
    if (error instanceof pkijs.SignedDataVerifyError && error.code === 5) {
      return tokenFailure("untrusted", "the TSA certificate does not chain to a trusted root");
    }
    return tokenFailure("bad-signature", "the TSA's signature does not verify");
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing

type ParsedToken = {
  signedData: pkijs.SignedData;
  signerInfo: pkijs.SignerInfo;
  tstInfo: pkijs.TSTInfo;
  signer: pkijs.Certificate | undefined;
};

type Parsed = ({ ok: true } & ParsedToken) | { ok: false; message: string };

function parseToken(token: Uint8Array): Parsed {
  try {
    const contentInfo = pkijs.ContentInfo.fromBER(exactDer(token));
    if (contentInfo.contentType !== OID.signedData) return { ok: false, message: "not CMS SignedData" };
    const signedData = new pkijs.SignedData({ schema: contentInfo.content });
    const { eContentType, eContent } = signedData.encapContentInfo;
    if (eContentType !== OID.tstInfo || !eContent)
      return { ok: false, message: "the content is not a TSTInfo" };
    if (signedData.signerInfos.length !== 1) return { ok: false, message: "a token has exactly one signer" };
    // RFC 5652: SignedData v3 for a content other than id-data, SignerInfo v1 for issuer and serial.
    if (signedData.version !== 3 || signedData.signerInfos[0]!.version !== 1) {
      return { ok: false, message: "unexpected CMS version" };
    }
    if ((signedData.certificates?.length ?? 0) > MAX_CERTIFICATES) {
      return { ok: false, message: "too many certificates" };
    }
    const tstInfo = pkijs.TSTInfo.fromBER(exactDer(new Uint8Array(eContent.getValue())));
    if (tstInfo.version !== 1) return { ok: false, message: "unknown TSTInfo version" };
    const signerInfo = signedData.signerInfos[0]!;
    if (!contentTypeAttributeMatches(signerInfo)) {
      return { ok: false, message: "the signed content-type attribute is not TSTInfo" };
    }
    return { ok: true, signedData, signerInfo, tstInfo, signer: findSigner(signedData, signerInfo) };
  } catch {
    return { ok: false, message: "not a DER TimeStampToken" };
  }
}

/**
 * The bytes, if they are one DER value that re-encodes to exactly themselves. RFC 3161 sends DER;
 * asn1js alone accepts trailing bytes and lengths that disagree with their contents.
 */
function exactDer(bytes: Uint8Array): ArrayBuffer {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const decoded = asn1js.fromBER(buffer);
  if (decoded.offset !== buffer.byteLength || decoded.result.error !== "") throw new TypeError("not BER");
  if (!Buffer.from(decoded.result.toBER()).equals(Buffer.from(buffer))) throw new TypeError("not DER");
  return buffer;
}

function contentTypeAttributeMatches(signerInfo: pkijs.SignerInfo): boolean {
  const attribute = signerInfo.signedAttrs?.attributes.find((item) => item.type === OID.contentType);
  const value = attribute?.values[0];
  return value instanceof asn1js.ObjectIdentifier && value.valueBlock.toString() === OID.tstInfo;
}

function findSigner(
  signedData: pkijs.SignedData,
  signerInfo: pkijs.SignerInfo,
): pkijs.Certificate | undefined {
  const sid = signerInfo.sid;
  if (!(sid instanceof pkijs.IssuerAndSerialNumber)) return undefined;
  return (signedData.certificates ?? []).find(
    (certificate): certificate is pkijs.Certificate =>
      certificate instanceof pkijs.Certificate &&
      certificate.issuer.isEqual(sid.issuer) &&
      certificate.serialNumber.isEqual(sid.serialNumber),
  );
}

type EssCertId = { hashAlgorithm: string; certHash: Buffer; issuerSerial: pkijs.IssuerSerial | undefined };

/**
 * The first ESSCertID(v2) of a signingCertificate(V2) attribute, which RFC 5035 says names the
 * signer: SEQUENCE { certs SEQUENCE OF SEQUENCE { [hashAlgorithm], certHash, [issuerSerial] }, ... }.
 */
function firstEssCertId(attribute: pkijs.Attribute): EssCertId | undefined {
  try {
    return parseEssCertId(attribute);
  } catch {
    return undefined; // pkijs throws on a schema mismatch: a malformed attribute
  }
}

function parseEssCertId(attribute: pkijs.Attribute): EssCertId | undefined {
  const value = attribute.values[0];
  const certs = value instanceof asn1js.Sequence ? value.valueBlock.value[0] : undefined;
  const first = certs instanceof asn1js.Sequence ? certs.valueBlock.value[0] : undefined;
  if (!(first instanceof asn1js.Sequence)) return undefined;
  const items = [...first.valueBlock.value];
  const v2 = attribute.type === OID.signingCertificateV2;
  let hashAlgorithm: string = v2 ? OID.sha256 : OID.sha1;
  if (v2 && items[0] instanceof asn1js.Sequence) {
    hashAlgorithm = new pkijs.AlgorithmIdentifier({ schema: items.shift() }).algorithmId;
  }
  const certHash = items.shift();
  if (!(certHash instanceof asn1js.OctetString)) return undefined;
  const serial = items.shift();
  const issuerSerial =
    serial instanceof asn1js.Sequence ? new pkijs.IssuerSerial({ schema: serial }) : undefined;
  return { hashAlgorithm, certHash: Buffer.from(certHash.valueBlock.valueHexView), issuerSerial };
}

function parseRoots(pems: readonly string[]): pkijs.Certificate[] {
  const roots: pkijs.Certificate[] = [];
  for (const pem of pems) {
    for (const match of pem.matchAll(
      /-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+)-----END CERTIFICATE-----/g,
    )) {
      try {
        roots.push(pkijs.Certificate.fromBER(exactDer(Buffer.from(match[1]!.replace(/\s+/g, ""), "base64"))));
      } catch {
        // A root that does not parse trusts nothing; the others still count.
      }
    }
  }
  return roots;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function imprintMatches(tstInfo: pkijs.TSTInfo, imprint: Buffer): boolean {
  const { hashAlgorithm, hashedMessage } = tstInfo.messageImprint;
  return (
    hashAlgorithm.algorithmId === OID.sha256 &&
    imprint.equals(Buffer.from(hashedMessage.valueBlock.valueHexView))
  );
}

function describe(token: ParsedToken): { serial: string; genTime: string; tsa: string } {
  return {
    serial: unsignedHex(token.tstInfo.serialNumber),
    genTime: rfc3339(token.tstInfo.genTime),
    tsa: token.signer ? formatName(token.signer.subject) : tsaFieldName(token.tstInfo),
  };
}

function tsaFieldName(tstInfo: pkijs.TSTInfo): string {
  const name = tstInfo.tsa;
  if (name?.type === 4 && name.value instanceof pkijs.RelativeDistinguishedNames)
    return formatName(name.value);
  if (typeof name?.value === "string") return printable(name.value);
  return "unnamed TSA";
}

/** A distinguished name as "CN=…, O=…" in its certificate's order (as OpenSSL prints it), safe to print. */
function formatName(name: pkijs.RelativeDistinguishedNames): string {
  const parts = name.typesAndValues.map((item) => {
    const label = NAME_ATTRIBUTES[item.type] ?? item.type;
    const value = item.value?.valueBlock?.value;
    return `${label}=${typeof value === "string" ? value : "?"}`;
  });
  return printable(parts.join(", ")) || "unnamed TSA";
}

function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").slice(0, MAX_NAME_LENGTH);
}

function rfc3339(date: Date): string {
  return date.toISOString().replace(".000Z", "Z");
}

function integerValue(integer: asn1js.Integer): bigint {
  const bytes = Buffer.from(integer.valueBlock.valueHexView);
  if (bytes.length === 0) return 0n;
  const magnitude = BigInt(`0x${bytes.toString("hex")}`);
  // Two's complement: a set top bit is a negative number, which no nonce of ours is.
  return (bytes[0]! & 0x80) === 0 ? magnitude : magnitude - (1n << BigInt(bytes.length * 8));
}

function unsignedHex(integer: asn1js.Integer): string {
  const hex = Buffer.from(integer.valueBlock.valueHexView)
    .toString("hex")
    .replace(/^(00)+/, "");
  return hex === "" ? "00" : hex;
}

function sha256(data: Uint8Array | string): Buffer {
  return createHash("sha256").update(data).digest();
}
