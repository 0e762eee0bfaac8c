// AI and machine-learning APIs: usage-billed keys that attackers resell.
import { assigned, contextual, HEX, prefixed, token, UUID } from "./build.ts";
import type { SecretPattern } from "./types.ts";

export const aiPatterns: SecretPattern[] = [
  prefixed({
    id: "secrets/openai-api-key",
    provider: "OpenAI",
    credential: "API key",
    keywords: ["t3blbkfj"],
    pattern: token("sk-(?:(?:proj|svcacct|admin)-)?[A-Za-z0-9_-]{20,200}T3BlbkFJ[A-Za-z0-9_-]{20,200}"),
    minEntropy: 3.5,
    rotate:
      "https://help.openai.com/en/articles/9047852-what-should-i-do-if-i-suspect-my-api-key-has-been-compromised",
    note: "Every OpenAI key embeds `T3BlbkFJ` (base64 of `OpenAI`), which keeps this rule precise.",
    samples: {
      flag: [
        "OPENAI_API_KEY=sk-proj-{b64url:74}T3BlbkFJ{b64url:74}",
        "OPENAI_API_KEY=sk-{alnum:20}T3BlbkFJ{alnum:20}",
      ],
      ok: ["OPENAI_API_KEY=sk-proj-...", "OPENAI_API_KEY=sk-{x:20}T3BlbkFJ{x:20}"],
    },
  }),
  prefixed({
    id: "secrets/anthropic-api-key",
    provider: "Anthropic",
    credential: "API key",
    keywords: ["sk-ant-api03-"],
    pattern: token("sk-ant-api03-[A-Za-z0-9_-]{93}AA"),
    minEntropy: 3.5,
    rotate: "https://docs.anthropic.com/en/api/getting-started",
    samples: {
      flag: ["ANTHROPIC_API_KEY=sk-ant-api03-{b64url:93}AA"],
      ok: ["ANTHROPIC_API_KEY=sk-ant-api03-{x:93}AA"],
    },
  }),
  prefixed({
    id: "secrets/anthropic-admin-key",
    provider: "Anthropic",
    credential: "Admin API key",
    severity: "critical",
    keywords: ["sk-ant-admin01-"],
    pattern: token("sk-ant-admin01-[A-Za-z0-9_-]{93}AA"),
    minEntropy: 3.5,
    rotate: "https://docs.anthropic.com/en/api/administration-api",
    samples: {
      flag: ["ANTHROPIC_ADMIN_KEY=sk-ant-admin01-{b64url:93}AA"],
      ok: ["ANTHROPIC_ADMIN_KEY=sk-ant-admin01-<key>"],
    },
  }),
  // OAuth tokens of a Claude subscription (`claude setup-token`, ~/.claude/.credentials.json): the
  // access token acts on the account until it expires, the refresh token mints new ones. Anthropic
  // publishes no length, so the body is bounded loosely above what has been seen (95 characters).
  ...(
    [
      ["oauth-access-token", "OAuth access token", "sk-ant-oat01-", "CLAUDE_CODE_OAUTH_TOKEN"],
      ["oauth-refresh-token", "OAuth refresh token", "sk-ant-ort01-", "CLAUDE_REFRESH_TOKEN"],
    ] as const
  ).map(([name, credential, prefix, variable]) =>
    prefixed({
      id: `secrets/anthropic-${name}`,
      provider: "Anthropic",
      credential,
      keywords: [prefix],
      pattern: token(`${prefix}[A-Za-z0-9_-]{40,200}`),
      minEntropy: 3.5,
      rotate:
        "https://support.anthropic.com/en/articles/11145838-using-claude-code-with-your-pro-or-max-plan",
      samples: { flag: [`${variable}=${prefix}{b64url:95}`], ok: [`${variable}=${prefix}<token>`] },
    }),
  ),
  prefixed({
    id: "secrets/claude-code-session-url",
    provider: "Anthropic",
    credential: "Claude Code remote session URL",
    severity: "med",
    keywords: ["claude.ai/code/session_"],
    // The session id is the only thing between a reader of the URL and the running session.
    pattern: "https?://claude\\.ai/code/(session_[A-Za-z0-9]{16,64})(?![A-Za-z0-9])",
    flags: "i",
    minEntropy: 3,
    rotate: "https://docs.anthropic.com/en/docs/claude-code/overview",
    samples: {
      flag: ["Continue at https://claude.ai/code/session_{alnum:24}"],
      ok: ["Continue at https://claude.ai/code/session_<id>"],
    },
  }),
  prefixed({
    id: "secrets/huggingface-access-token",
    provider: "Hugging Face",
    credential: "access token",
    keywords: ["hf_"],
    pattern: token("hf_[A-Za-z]{34}"),
    minEntropy: 3.5,
    rotate: "https://huggingface.co/docs/hub/security-tokens",
    samples: { flag: ["HF_TOKEN=hf_{letters:34}"], ok: ["HF_TOKEN=hf_{x:34}"] },
  }),
  prefixed({
    id: "secrets/huggingface-organization-token",
    provider: "Hugging Face",
    credential: "organization API token",
    keywords: ["api_org_"],
    pattern: token("api_org_[A-Za-z]{34}"),
    minEntropy: 3.5,
    rotate: "https://huggingface.co/docs/hub/security-tokens",
    samples: { flag: ["HF_ORG_TOKEN=api_org_{letters:34}"], ok: ["HF_ORG_TOKEN=api_org_{x:34}"] },
  }),
  contextual({
    id: "secrets/cohere-api-key",
    provider: "Cohere",
    credential: "API key",
    keywords: ["cohere", "co_api"],
    pattern: assigned("cohere|co_api", "[A-Za-z0-9]{40}"),
    minEntropy: 3.5,
    rotate: "https://docs.cohere.com/docs/rate-limits",
    samples: { flag: ["COHERE_API_KEY={alnum:40}"], ok: ["COHERE_API_KEY={x:40}"] },
  }),
  prefixed({
    id: "secrets/replicate-api-token",
    provider: "Replicate",
    credential: "API token",
    keywords: ["r8_"],
    pattern: token("r8_[A-Za-z0-9]{37}"),
    minEntropy: 3.5,
    rotate: "https://replicate.com/account/api-tokens",
    samples: { flag: ["REPLICATE_API_TOKEN=r8_{alnum:37}"], ok: ["REPLICATE_API_TOKEN=r8_{x:37}"] },
  }),
  prefixed({
    id: "secrets/groq-api-key",
    provider: "Groq",
    credential: "API key",
    keywords: ["gsk_"],
    // 52 characters after `gsk_` today; keys issued earlier have 48.
    pattern: token("gsk_[A-Za-z0-9]{48,52}"),
    minEntropy: 3.5,
    rotate: "https://console.groq.com/keys",
    samples: {
      flag: ["GROQ_API_KEY=gsk_{alnum:52}", "GROQ_API_KEY=gsk_{alnum:48}"],
      ok: ["GROQ_API_KEY=gsk_{x:52}"],
    },
  }),
  prefixed({
    id: "secrets/perplexity-api-key",
    provider: "Perplexity",
    credential: "API key",
    keywords: ["pplx-"],
    pattern: token("pplx-[A-Za-z0-9]{48}"),
    minEntropy: 3.5,
    rotate: "https://docs.perplexity.ai/guides/getting-started",
    samples: { flag: ["PERPLEXITY_API_KEY=pplx-{alnum:48}"], ok: ["PERPLEXITY_API_KEY=pplx-{x:48}"] },
  }),
  prefixed({
    id: "secrets/xai-api-key",
    provider: "xAI",
    credential: "API key",
    keywords: ["xai-"],
    pattern: token("xai-[A-Za-z0-9]{80}"),
    minEntropy: 3.5,
    rotate: "https://docs.x.ai/docs/overview",
    samples: { flag: ["XAI_API_KEY=xai-{alnum:80}"], ok: ["XAI_API_KEY=xai-{x:80}"] },
  }),
  prefixed({
    id: "secrets/openrouter-api-key",
    provider: "OpenRouter",
    credential: "API key",
    keywords: ["sk-or-v1-"],
    pattern: token(`sk-or-v1-${HEX}{64}`),
    rotate: "https://openrouter.ai/docs/api-reference/authentication",
    samples: { flag: ["OPENROUTER_API_KEY=sk-or-v1-{hex:64}"], ok: ["OPENROUTER_API_KEY=sk-or-v1-{x:64}"] },
  }),
  prefixed({
    id: "secrets/langsmith-api-key",
    provider: "LangSmith",
    credential: "API key",
    keywords: ["lsv2_"],
    pattern: token(`lsv2_(?:pt|sk)_${HEX}{32}_${HEX}{10}`),
    rotate:
      "https://docs.smith.langchain.com/administration/how_to_guides/organization_management/create_account_api_key",
    samples: {
      flag: ["LANGSMITH_API_KEY=lsv2_pt_{hex:32}_{hex:10}"],
      ok: ["LANGSMITH_API_KEY=lsv2_pt_{x:32}_{x:10}"],
    },
  }),
  contextual({
    id: "secrets/mistral-api-key",
    provider: "Mistral AI",
    credential: "API key",
    keywords: ["mistral"],
    pattern: assigned("mistral", "[A-Za-z0-9]{32}"),
    minEntropy: 3.5,
    rotate: "https://docs.mistral.ai/getting-started/quickstart/",
    samples: { flag: ["MISTRAL_API_KEY={alnum:32}"], ok: ["MISTRAL_API_KEY={x:32}"] },
  }),
  contextual({
    id: "secrets/azure-openai-api-key",
    provider: "Azure OpenAI",
    credential: "API key",
    keywords: ["openai"],
    pattern: assigned("azure[_.-]?openai", `${HEX}{32}`),
    rotate: "https://learn.microsoft.com/azure/ai-services/openai/how-to/managed-identity",
    samples: {
      flag: ["AZURE_OPENAI_API_KEY={hex:32}"],
      ok: ["AZURE_OPENAI_ENDPOINT=https://acme.openai.azure.com/"],
    },
  }),
  contextual({
    id: "secrets/pinecone-api-key",
    provider: "Pinecone",
    credential: "API key",
    keywords: ["pinecone", "pcsk_"],
    pattern: assigned("pinecone", `pcsk_[A-Za-z0-9]{5,8}_[A-Za-z0-9]{60,70}|${UUID}`),
    rotate: "https://docs.pinecone.io/guides/projects/manage-api-keys",
    samples: {
      flag: ["PINECONE_API_KEY=pcsk_{alnum:6}_{alnum:63}", "PINECONE_API_KEY={uuid}"],
      ok: ["PINECONE_API_KEY={env:PINECONE_API_KEY}"],
    },
  }),
  contextual({
    id: "secrets/elevenlabs-api-key",
    provider: "ElevenLabs",
    credential: "API key",
    keywords: ["elevenlabs", "xi-api-key", "xi_api_key"],
    pattern: assigned("elevenlabs|xi[_-]api", `(?:sk_)?${HEX}{32,48}`),
    rotate: "https://elevenlabs.io/docs/api-reference/authentication",
    samples: { flag: ["ELEVENLABS_API_KEY=sk_{hex:48}"], ok: ["ELEVENLABS_API_KEY=sk_{x:48}"] },
  }),
];
