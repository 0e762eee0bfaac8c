// Credentials passed on a command line: `curl -u user:password`, `docker login -p`, `sshpass -p`,
// `mysql -pPASSWORD`, `--password=…`. Scripts, READMEs, CI steps and Dockerfiles keep them, and
// the shell history, `ps` output and CI logs of every run show them too.
import { prefixed } from "./build.ts";
import type { SecretPattern } from "./types.ts";

/** The end of a shell word: whitespace, a separator or the end of the text. */
const WORD_END = "(?=[\\s;|&)]|$)";

/** A shell word, optionally quoted; the quotes are not part of the secret. */
const WORD = `["']?([^\\s"']{4,200})["']?${WORD_END}`;

const COMMAND_LINE_REMEDIATION =
  "Rotate the credential, then pass it without writing it down: `curl --netrc-file`, " +
  "`docker login --password-stdin`, `MYSQL_PWD` or an option file, `sshpass -e` with `SSHPASS` from a " +
  'secret store, or a CI secret expanded at run time (`--password "$REGISTRY_PASSWORD"`).';

export const commandLinePatterns: SecretPattern[] = [
  prefixed({
    id: "secrets/curl-basic-auth-credentials",
    provider: "curl",
    credential: "user:password option (`-u`, `--user`)",
    confidence: "medium",
    keywords: ["curl"],
    // The options before `-u` may run over `\`-continued lines; the user may be empty (`-u ":pw"`) and
    // each half may be quoted on its own (`--user kevin:'pw'`, `--user "id":"pw"`).
    pattern: `(?<![\\w-])curl(?:\\.exe)?(?:[ \\t](?:[^\\n\\\\]|\\\\[^\\n]|\\\\\\r?\\n){0,300}?)?[ \\t](?:-u|--user)(?:[ \\t]{1,4}|=)?["']?([^\\s:"'$-][^\\s:"']{0,99})?["']?:["']?([^\\s"']{3,200})["']?${WORD_END}`,
    secretGroup: 2,
    minEntropy: 2.5,
    rotate: "https://everything.curl.dev/usingcurl/netrc.html",
    remediation: COMMAND_LINE_REMEDIATION,
    example: "curl --netrc-file ~/.netrc https://nexus.acme.io/service/rest/v1/status",
    note: "The password is the part after the first colon; references (`$PASS`, `$(cat …)`, templates) are not reported.",
    samples: {
      flag: [
        "curl -sSf -u deployer:{alnum:20} https://nexus.acme.io/repository/raw/app.tgz",
        'curl --user "ci-bot:{alnum:16}" -X POST https://jenkins.acme.io/job/deploy/build',
        "curl.exe -u admin:{b64:24} https://artifactory.acme.io/api/system/ping",
        "curl --user deployer:'{alnum:16}' https://nexus.acme.io/",
        'curl -u ":{alnum:16}" https://nexus.acme.io/',
      ],
      ok: [
        'curl -u "$NEXUS_USER:$NEXUS_PASSWORD" https://nexus.acme.io/repository/raw/app.tgz',
        "curl -u deployer: https://nexus.acme.io/",
        "curl -u admin:admin http://localhost:8080/manager/html",
        "curl -u {env:USER}:{env:PASS} https://nexus.acme.io/",
        "sudo -u www-data php artisan migrate:fresh --seed",
      ],
    },
  }),
  prefixed({
    id: "secrets/curl-api-key-header",
    provider: "curl",
    credential: "API key or token header (`-H 'X-Api-Key: …'`)",
    confidence: "medium",
    keywords: ["curl"],
    // Many APIs take the key in a header of their own (`apikey:`, `X-Octopus-ApiKey:`, `Api-Token:`,
    // `Private-Token:`) rather than `Authorization`, which the HTTP header rules read. The options
    // before `-H` may run over `\`-continued lines, as for `-u`. CSRF tokens are per session.
    pattern: `(?<![\\w-])curl(?:\\.exe)?(?:[ \\t](?:[^\\n\\\\]|\\\\[^\\n]|\\\\\\r?\\n){0,300}?)?[ \\t](?:-H|--header)(?:[ \\t]{1,4}|=)["'](?!x-[cx]srf-)((?:[A-Za-z0-9]{1,20}-){0,3}(?:api[-_]?key|api[-_]?token|auth[-_]?token|access[-_]?token|private[-_]?token|token|secret|key))[ \\t]{0,4}:[ \\t]{0,4}([A-Za-z0-9._~+/=-]{10,300})["']`,
    flags: "i",
    secretGroup: 2,
    // As for `-u`: a 16-hex-digit key measures about 3 bits per character; fill values are placeholders.
    minEntropy: 2.5,
    rotate: "https://everything.curl.dev/http/modify/headers.html",
    remediation: COMMAND_LINE_REMEDIATION,
    example: 'curl -H "X-Api-Key: $ACME_API_KEY" https://api.acme.io/v1/orders',
    note: "`Authorization` headers are reported by `secrets/http-bearer-token-header` and `secrets/http-basic-auth-header`; references (`$KEY`, `{{key}}`) are not reported.",
    samples: {
      flag: [
        'curl -X GET -H "apikey: {uuid}" -H "Accept: application/json" https://api.acme.io/v1/rates',
        'curl -s -H "X-Octopus-ApiKey: API-{upper:26}" https://octopus.acme.io/api/projects',
        "curl --header 'Private-Token: {alnum:20}' https://gitlab.acme.io/api/v4/projects",
        'curl -XPOST https://api.acme.io/tasks -H "Content-Type: application/json" -H "Token: {hex:16}"',
      ],
      ok: [
        'curl -H "X-Api-Key: $ACME_API_KEY" https://api.acme.io/v1/orders',
        "curl -H 'apikey: {env:SUPABASE_KEY}' https://xyz.supabase.co/rest/v1/todos",
        'curl -H "X-CSRF-Token: {alnum:32}" https://app.acme.io/session',
        'curl -H "Content-Type: application/json" https://api.acme.io/v1/orders',
        'curl -H "X-Api-Key: xxxxxxxxxxxxxxxxxxxx" https://api.acme.io/v1/orders',
      ],
    },
  }),
  prefixed({
    id: "secrets/command-line-password",
    provider: "Command-line tool",
    credential: "password option",
    confidence: "medium",
    keywords: ["login", "sshpass", "mysql", "redis-cli", "password"],
    pattern:
      `(?:(?<![\\w-])(?:docker|podman|buildah|skopeo|helm|oras|crane|nerdctl)[ \\t]{1,4}(?:registry[ \\t]{1,4})?login(?:[ \\t][^\\n]{0,300}?)?[ \\t](?:-p|--password)(?:[ \\t]{1,4}|=)${WORD}` +
      `|(?<![\\w-])sshpass[ \\t]{1,4}-p[ \\t]{0,4}${WORD}` +
      `|(?<![\\w-])mysql(?:dump|admin|import|sh)?(?:[ \\t][^\\n]{0,300}?)?[ \\t]-p(?![ \\t-])${WORD}` +
      `|(?<![\\w-])redis-cli(?:[ \\t][^\\n]{0,300}?)?[ \\t]-a[ \\t]{1,4}${WORD}` +
      `|[ \\t]--(?:http-|ftp-|proxy-|db-)?password(?:[ \\t]{1,4}|=)(?![ \\t-])${WORD})`,
    minEntropy: 2.5,
    rotate: "https://docs.docker.com/reference/cli/docker/login/#password-stdin",
    remediation: COMMAND_LINE_REMEDIATION,
    example: 'echo "$REGISTRY_PASSWORD" | docker login --username ci --password-stdin registry.acme.io',
    note:
      "Covers `docker`/`podman`/`helm`/`oras` `login -p`, `sshpass -p`, `mysql -p<password>`, `redis-cli -a` " +
      "and any `--password`, `--http-password` or `--db-password` option with a literal value.",
    samples: {
      flag: [
        "docker login -u ci -p {alnum:20} registry.acme.io",
        "podman login --password={alnum:20} --username ci quay.io",
        "sshpass -p '{alnum:14}' ssh deploy@10.0.4.12",
        "mysqldump -h db.acme.internal -u backup -p{alnum:16} shop > shop.sql",
        "mysql -p'{alnum:16}' -e 'SHOW DATABASES'",
        "redis-cli -h cache.acme.internal -a {alnum:24} PING",
        "wget --http-user=ci --http-password={alnum:18} https://files.acme.io/build.zip",
      ],
      ok: [
        'echo "$PASS" | docker login -u ci --password-stdin registry.acme.io',
        'docker login -u ci -p "$REGISTRY_PASSWORD" registry.acme.io',
        "mysql -u root -p shop",
        "mysql -u root -p{env:MYSQL_ROOT_PASSWORD} shop",
        "app-cli --password $(cat /run/secrets/app) --user admin",
        "app-cli --password ******** --user admin",
        "gh auth login --with-token < token.txt",
      ],
    },
  }),
];
