import { defineTaintRule } from "../taint-rule.ts";

export const smtpAddressInjection = defineTaintRule({
  hazard: "smtp-address-injection",
  category: "security",
  title: "Request data used as an SMTP envelope address without parsing it",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [93],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "Go: request data reaches the sender or recipients of `smtp.SendMail`, or `Client.Mail`/`Client.Rcpt` of net/smtp, without going through `mail.ParseAddress`/`ParseAddressList` (whose `.Address` is a bare address). The message body is not a sink.",
    whyItMatters:
      "net/smtp refuses CR and LF in these addresses, so a second command cannot be injected, but it writes the text between `<` and `>` as it is: `a@example.com> NOTIFY=SUCCESS ORCPT=rfc822;x@evil.example` closes the address and adds ESMTP parameters of the attacker's choice, and any text becomes a sender or a recipient of mail sent as the server.",
    remediation:
      "Parse the address with `mail.ParseAddress` and use its `.Address`; decide server-side who may be written to (the account's verified address, not a form field).",
    example:
      'addr, err := mail.ParseAddress(r.FormValue("to"))\nif err != nil {\n\treturn err\n}\nerr = smtp.SendMail(server, auth, sender, []string{addr.Address}, msg)',
    references: ["https://pkg.go.dev/net/smtp#Client.Rcpt", "https://pkg.go.dev/net/mail#ParseAddress"],
  },
});
