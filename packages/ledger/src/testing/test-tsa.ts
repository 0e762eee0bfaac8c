// A real RFC 3161 time-stamping authority on node:http for tests: its own P-256 root and TSA
// certificate, ESS signingCertificateV2, and switches to misbehave in each way a client must catch.
// Test support only: nothing in the production import graph imports this file.
import "reflect-metadata";
import { createHash, webcrypto } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import * as x509 from "@peculiar/x509";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { OID, TIMESTAMP_QUERY_TYPE, TIMESTAMP_REPLY_TYPE } from "../timestamp.ts";

/** Each way this TSA can go wrong; the client or the verifier must refuse each one. */
export type TestTsaMisbehaviour =
  | "wrong-nonce"
  | "wrong-imprint"
  | "reject"
  | "garbage"
  | "oversized"
  | "server-error"
  | "no-eku"
  | "non-critical-eku"
  | "extra-eku"
  | "no-signing-certificate"
  | "tampered-signature"
  | "expired-cert";

export type TestTsaOptions = {
  misbehave?: TestTsaMisbehaviour;
  /** Wait this long before answering (a hanging TSA). */
  delayMs?: number;
  /** The TSA's name in its certificate subject. */
  name?: string;
  policy?: string;
};

export type TestTsa = {
  url: string;
  rootPem: string;
  /** The TSA's signing certificate, PEM. */
  certificatePem: string;
  /** Requests answered so far. */
  readonly requests: number;
  close(): Promise<void>;
};

export const TEST_TSA_POLICY = "1.3.6.1.4.1.99999.3161.1";
const MAX_REQUEST_BYTES = 16 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
const SIGNING = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;

/** Which certificate extensions each misbehaviour changes; the honest TSA has a critical EKU. */
const EKU_BY_MISBEHAVIOUR: Partial<Record<TestTsaMisbehaviour, x509.Extension[]>> = {
  "no-eku": [],
  "non-critical-eku": [new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], false)],
  "extra-eku": [
    new x509.ExtendedKeyUsageExtension(
      [x509.ExtendedKeyUsage.timeStamping, x509.ExtendedKeyUsage.codeSigning],
      true,
    ),
  ],
};

export async function startTestTsa(options: TestTsaOptions = {}): Promise<TestTsa> {
  const name = options.name ?? "Rampart Test TSA";
  const pki = await createPki(name, options.misbehave);
  let requests = 0;
  let serial = 0n;

  const server = createServer((request, response) => {
    requests += 1;
    serial += 1n;
    void answer(request, response, { pki, options, serial }).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/tsa`,
    rootPem: pki.rootPem,
    certificatePem: pki.certificatePem,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Pki = {
  rootPem: string;
  certificatePem: string;
  certificate: pkijs.Certificate;
  certificateDer: Buffer;
  signingKey: webcrypto.CryptoKey;
};

async function createPki(name: string, misbehave: TestTsaMisbehaviour | undefined): Promise<Pki> {
  const now = Date.now();
  const rootKeys = await webcrypto.subtle.generateKey(SIGNING, true, ["sign", "verify"]);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    name: `CN=${name} Root, O=Rampart Tests`,
    notBefore: new Date(now - 365 * DAY_MS),
    notAfter: new Date(now + 3650 * DAY_MS),
    keys: rootKeys as webcrypto.CryptoKeyPair,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const tsaKeys = await webcrypto.subtle.generateKey(SIGNING, true, ["sign", "verify"]);
  const expired = misbehave === "expired-cert";
  const eku = (misbehave && EKU_BY_MISBEHAVIOUR[misbehave]) || [
    new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], true),
  ];
  const certificate = await x509.X509CertificateGenerator.create({
    subject: `CN=${name}, O=Rampart Tests`,
    issuer: root.subject,
    notBefore: new Date(now - (expired ? 30 : 1) * DAY_MS),
    notAfter: new Date(now + (expired ? -1 : 365) * DAY_MS),
    publicKey: tsaKeys.publicKey as webcrypto.CryptoKey,
    signingKey: (rootKeys as webcrypto.CryptoKeyPair).privateKey,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      ...eku,
    ],
  });
  const certificateDer = Buffer.from(certificate.rawData);
  return {
    rootPem: root.toString("pem"),
    certificatePem: certificate.toString("pem"),
    certificate: pkijs.Certificate.fromBER(certificateDer),
    certificateDer,
    signingKey: (tsaKeys as webcrypto.CryptoKeyPair).privateKey,
  };
}

type Answer = { pki: Pki; options: TestTsaOptions; serial: bigint };

async function answer(request: IncomingMessage, response: ServerResponse, context: Answer): Promise<void> {
  const { options } = context;
  if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  if (request.method !== "POST" || request.headers["content-type"] !== TIMESTAMP_QUERY_TYPE) {
    response.writeHead(415).end();
    return;
  }
  const body = await readBody(request);
  if (!body) {
    response.writeHead(413).end();
    return;
  }
  const send = (bytes: Buffer) => {
    response.writeHead(200, { "content-type": TIMESTAMP_REPLY_TYPE });
    response.end(bytes);
  };
  switch (options.misbehave) {
    case "server-error":
      response.writeHead(500).end("no");
      return;
    case "garbage":
      send(Buffer.from(webcrypto.getRandomValues(new Uint8Array(200))));
      return;
    case "oversized": {
      // Chunked, without a length: the client must stop reading on its own.
      response.writeHead(200, { "content-type": TIMESTAMP_REPLY_TYPE });
      for (let chunk = 0; chunk < 64; chunk++) response.write(Buffer.alloc(16 * 1024, 0x30));
      response.end();
      return;
    }
    case "reject":
      send(statusReply(pkijs.PKIStatus.rejection, "request refused by policy"));
      return;
  }
  let query: pkijs.TimeStampReq;
  try {
    query = pkijs.TimeStampReq.fromBER(body);
  } catch {
    send(statusReply(pkijs.PKIStatus.rejection, "bad request"));
    return;
  }
  if (query.messageImprint.hashAlgorithm.algorithmId !== OID.sha256) {
    send(statusReply(pkijs.PKIStatus.rejection, "unsupported hash algorithm"));
    return;
  }
  send(await grantedReply(query, context));
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function statusReply(status: pkijs.PKIStatus, text: string): Buffer {
  const reply = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status, statusStrings: [new asn1js.Utf8String({ value: text })] }),
  });
  return Buffer.from(reply.toSchema().toBER());
}

async function grantedReply(query: pkijs.TimeStampReq, { pki, options, serial }: Answer): Promise<Buffer> {
  const misbehave = options.misbehave;
  const imprint = Buffer.from(query.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (misbehave === "wrong-imprint") imprint[0]! ^= 0xff;
  const nonce = query.nonce ? Buffer.from(query.nonce.valueBlock.valueHexView) : undefined;
  if (nonce && misbehave === "wrong-nonce") nonce[nonce.length - 1]! ^= 0x01;

  const genTime = new Date(Math.floor(Date.now() / 1000) * 1000);
  const tstInfo = new pkijs.TSTInfo({
    version: 1,
    policy: options.policy ?? TEST_TSA_POLICY,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: imprint }),
    }),
    serialNumber: new asn1js.Integer({ value: Number(serial) }),
    genTime,
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    ...(nonce ? { nonce: new asn1js.Integer({ valueHex: nonce }) } : {}),
  });
  const tstInfoDer = tstInfo.toSchema().toBER();

  const attributes = [
    new pkijs.Attribute({
      type: OID.contentType,
      values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })],
    }),
    new pkijs.Attribute({
      type: OID.messageDigest,
      values: [
        new asn1js.OctetString({ valueHex: createHash("sha256").update(Buffer.from(tstInfoDer)).digest() }),
      ],
    }),
  ];
  if (misbehave !== "no-signing-certificate") attributes.push(signingCertificateV2(pki));

  const signedData = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.tstInfo,
      eContent: new asn1js.OctetString({ valueHex: tstInfoDer }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: pki.certificate.issuer,
          serialNumber: pki.certificate.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
      }),
    ],
    certificates: query.certReq ? [pki.certificate] : [],
  });
  await signedData.sign(pki.signingKey, 0, "SHA-256");
  if (misbehave === "tampered-signature") {
    const signature = Buffer.from(signedData.signerInfos[0]!.signature.valueBlock.valueHexView);
    signature[signature.length - 1]! ^= 0x01;
    signedData.signerInfos[0]!.signature = new asn1js.OctetString({ valueHex: signature });
  }
  const reply = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
    timeStampToken: new pkijs.ContentInfo({
      contentType: pkijs.ContentInfo.SIGNED_DATA,
      content: signedData.toSchema(true),
    }),
  });
  return Buffer.from(reply.toSchema().toBER());
}

/** ESS signingCertificateV2 (RFC 5035): SHA-256 of the TSA certificate plus its issuer and serial. */
function signingCertificateV2(pki: Pki): pkijs.Attribute {
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({
      names: [new pkijs.GeneralName({ type: 4, value: pki.certificate.issuer })],
    }),
    serialNumber: pki.certificate.serialNumber,
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      new asn1js.OctetString({ valueHex: createHash("sha256").update(pki.certificateDer).digest() }),
      issuerSerial.toSchema(),
    ],
  });
  return new pkijs.Attribute({
    type: OID.signingCertificateV2,
    values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
  });
}
