//! What excuses a parameter's ask: the words of a tool's name or first sentence that make
//! asking for a kind of content its business, and the purposes that have no use for it.

use super::held::Strength;
use crate::text::query::Sensitive;

/// Words of a tool's name or first sentence that make asking for `what` its business.
pub(super) fn excused_by(what: Sensitive) -> &'static [&'static str] {
    match what {
        Sensitive::Conversation => &[
            "conversation",
            "conversations",
            "chat",
            "chats",
            "transcript",
            "transcripts",
            "message",
            "messages",
            "history",
            "summarize",
            "summarise",
            "summary",
            "memory",
        ],
        // A tool that builds an assistant takes the prompt it will run with.
        Sensitive::Prompt => &[
            "prompt",
            "prompts",
            "system",
            "instructions",
            "assistant",
            "assistants",
            "agent",
            "agents",
            "bot",
            "bots",
            "persona",
            "personas",
            "model",
            "models",
            "llm",
            "gpt",
        ],
        // A JSON tool that `sorts keys` has no use for the environment.
        Sensitive::DotEnv | Sensitive::Environment => &[
            "environment",
            "env",
            "dotenv",
            "variables",
            "variable",
            "secret",
            "secrets",
            "vault",
            "credential",
            "credentials",
            "configuration",
            "config",
        ],
        Sensitive::Secret | Sensitive::CredentialFile(_) => super::CREDENTIAL_CAPABILITY,
        // A contact book, a checkout or a profile takes who the user is or how they pay.
        Sensitive::Personal => &[
            "contact",
            "contacts",
            "profile",
            "profiles",
            "payment",
            "payments",
            "card",
            "cards",
            "checkout",
            "billing",
            "invoice",
            "account",
            "accounts",
            "identity",
            "kyc",
            "crm",
            "customer",
            "customers",
            "address",
            "shipping",
            "booking",
            "order",
            "orders",
            "user",
            "users",
            "person",
            "people",
            "memory",
            "memories",
            "clipboard",
            "location",
            "map",
            "maps",
        ],
        // A clipboard manager or sync tool handles what was copied.
        Sensitive::Clipboard => &["clipboard", "paste", "copy", "snippet", "snippets"],
    }
}

/// Words of a tool's name or first sentence that make taking a credential its business
/// beyond [`super::CREDENTIAL_CAPABILITY`]: hashing, signing, checking a password.
pub(super) const SECRET_WORK: &[&str] = &[
    "hash",
    "hmac",
    "sign",
    "signature",
    "encrypt",
    "decrypt",
    "cipher",
    "crypto",
    "jwt",
    "otp",
    "totp",
    "strength",
    "breach",
    "connect",
    "connection",
    "database",
    "db",
    "smtp",
    "account",
    "accounts",
    "user",
    "users",
    "wallet",
    "payment",
    "payments",
    "card",
    "cards",
    "checkout",
];

/// Whether a tool of `purpose` (`None`: not a computation or lookup) has no use for `what`.
/// A lookup may take its provider's API key; a tool of unknown purpose is held only to what no
/// honest tool asks for in a parameter: the conversation and the model's prompt.
pub(super) fn out_of_purpose(
    purpose: Option<super::Purpose>,
    what: Sensitive,
    strength: Strength,
) -> bool {
    match (purpose, strength) {
        // What the model holds is no tool's input: the user supplies a call's values.
        (_, Strength::Held) => true,
        (Some(purpose), strength) => !(purpose.is_lookup() && strength == Strength::Weak),
        (None, _) => matches!(what, Sensitive::Conversation | Sensitive::Prompt),
    }
}
