//! Files that hold someone's credentials, by a fragment of their path: what reading or sending
//! one means, wherever a rule meets it. This is the one list; `sensitive-file-access` reads the
//! [`Reading::Alone`] entries as whole names, [`crate::text::Doc::sensitive_in`] all of them as
//! fragments of a path token.
//!
//! Fragment syntax, for the rule: `/` stands for either separator, a space for any run of
//! blanks, a leading or trailing `*` lets the name run on either side (`bitwarden_export_{date}
//! .json`, `vault.1pux`), and a fragment with a capital letter matches in that case only (a
//! browser's `Login Data` file, not the words "login data").

/// What a directive to read a listed file means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// Almost always a secret: a directive to read it is an attack. An entity whose own purpose
    /// names one of these words (the file or its store, never just the vendor: an SSH tool may
    /// load a key, a wallet app its wallet) may say that it reads it; an order to the model, or
    /// carrying it elsewhere, still is one.
    Alone(&'static [&'static str]),
    /// Sensitive as a payload sent off, too common to read to flag a read of it alone.
    Payload,
}

use Reading::{Alone, Payload};

const SSH: &[&str] = &["ssh", "sshd", "keygen", "agent"];
const AWS: &[&str] = &["credentials", "aws", "iam", "s3", "profile", "profiles"];
const GCLOUD: &[&str] = &["gcloud", "adc"];
const AZURE: &[&str] = &["msal"];
const NETRC: &[&str] = &["netrc"];
const POSTGRES: &[&str] = &["pgpass", "postgres", "postgresql", "psql", "libpq"];
const NPM: &[&str] = &["npmrc"];
const PYPI: &[&str] = &["pypirc"];
const CARGO: &[&str] = &["cargo", "crates", "registry", "registries"];
const GEM: &[&str] = &["gem", "gems", "rubygems"];
const RCLONE: &[&str] = &["rclone", "remotes"];
const COMPOSER: &[&str] = &["composer", "packagist"];
const GIT: &[&str] = &["credential", "credentials"];
const GITHUB: &[&str] = &["gh"];
const GITLAB: &[&str] = &["glab"];
const VAULT: &[&str] = &["vault"];
const TERRAFORM: &[&str] = &["credentials"];
const DOCKER: &[&str] = &["login", "credentials"];
const KUBE: &[&str] = &["kubeconfig", "kubectl", "context", "contexts"];
const SYSTEM: &[&str] = &["passwd", "shadow", "accounts"];
const MCP: &[&str] = &["mcp"];
const COPILOT: &[&str] = &["copilot"];
const HISTORY: &[&str] = &["history"];
const BROWSER: &[&str] = &["cookies", "passwords", "logins", "profile"];
const KEYCHAIN: &[&str] = &["keychain"];
const PASSWORDS: &[&str] = &["bitwarden", "1password", "keepass", "keepassxc", "passwords"];
const WALLET: &[&str] = &["wallet", "wallets", "electrum", "exodus", "metamask", "keystore"];
const WINDOWS: &[&str] = &["credential", "credentials", "dpapi"];

/// Credential files: a fragment of the path, the name a finding gives it, what reading it
/// means. A fuller name comes before its directory so a full path is one finding.
pub const CREDENTIAL_FILES: &[(&str, &str, Reading)] = &[
    (".ssh/id_", "an SSH private key", Payload),
    ("id_rsa", "an SSH private key", Alone(SSH)),
    ("id_dsa", "an SSH private key", Alone(SSH)),
    ("id_ecdsa", "an SSH private key", Alone(SSH)),
    ("id_ed25519", "an SSH private key", Alone(SSH)),
    (".aws/credentials", "AWS credentials", Alone(AWS)),
    (".aws/config", "the AWS CLI config", Payload),
    (
        ".config/gcloud/application_default_credentials.json",
        "Google Cloud credentials",
        Alone(GCLOUD),
    ),
    (".config/gcloud", "Google Cloud credentials", Alone(GCLOUD)),
    ("application_default_credentials.json", "Google Cloud credentials", Alone(GCLOUD)),
    ("application_default_credentials", "Google Cloud credentials", Payload),
    (".azure/accessTokens.json", "Azure CLI tokens", Alone(AZURE)),
    (".azure/msal_token_cache.json", "Azure CLI tokens", Alone(AZURE)),
    ("msal_token_cache", "Azure CLI tokens", Payload),
    (".azure/", "Azure CLI tokens", Payload),
    (".netrc", "netrc passwords", Alone(NETRC)),
    ("_netrc", "netrc passwords", Payload),
    (".pgpass", "PostgreSQL passwords", Alone(POSTGRES)),
    (".my.cnf", "MySQL passwords", Payload),
    (".npmrc", "npm tokens", Alone(NPM)),
    (".pypirc", "PyPI tokens", Alone(PYPI)),
    (".cargo/credentials.toml", "crates.io tokens", Alone(CARGO)),
    (".cargo/credentials", "crates.io tokens", Alone(CARGO)),
    (".gem/credentials", "RubyGems API keys", Alone(GEM)),
    (".config/rclone/rclone.conf", "rclone's cloud tokens", Alone(RCLONE)),
    ("rclone.conf", "rclone's cloud tokens", Payload),
    (".composer/auth.json", "Composer registry tokens", Alone(COMPOSER)),
    (".config/composer/auth.json", "Composer registry tokens", Alone(COMPOSER)),
    (".m2/settings.xml", "Maven repository passwords", Payload),
    (".git-credentials", "git credentials", Alone(GIT)),
    (".config/gh/hosts.yml", "GitHub CLI tokens", Alone(GITHUB)),
    (".config/gh/hosts", "GitHub CLI tokens", Payload),
    (".config/glab-cli/config.yml", "GitLab CLI tokens", Alone(GITLAB)),
    (".config/glab-cli", "GitLab CLI tokens", Payload),
    (".config/github-copilot", "GitHub Copilot tokens", Alone(COPILOT)),
    (".vault-token", "a Vault token", Alone(VAULT)),
    (".terraform.d/credentials.tfrc.json", "Terraform credentials", Alone(TERRAFORM)),
    (".terraform.d/credentials", "Terraform credentials", Payload),
    (".docker/config.json", "Docker registry credentials", Alone(DOCKER)),
    (".kube/config", "a Kubernetes config", Alone(KUBE)),
    ("kubeconfig", "a Kubernetes config", Payload),
    ("/etc/passwd", "the system's accounts", Alone(SYSTEM)),
    ("/etc/shadow", "password hashes", Alone(SYSTEM)),
    ("/etc/sudoers", "sudo rules", Payload),
    (".cursor/mcp.json", "an agent's MCP config", Alone(MCP)),
    ("claude_desktop_config.json", "an agent's MCP config", Alone(MCP)),
    (".codeium/windsurf/mcp_config.json", "an agent's MCP config", Alone(MCP)),
    (".continue/config.json", "an agent's MCP config", Alone(MCP)),
    (".continue/config.yaml", "an agent's MCP config", Alone(MCP)),
    ("cline_mcp_settings.json", "an agent's MCP config", Alone(MCP)),
    (".claude.json", "an agent's MCP config", Payload),
    (".vscode/mcp.json", "an agent's MCP config", Payload),
    (".bash_history", "shell history", Alone(HISTORY)),
    (".zsh_history", "shell history", Alone(HISTORY)),
    (".mysql_history", "a database client's history", Alone(HISTORY)),
    (".psql_history", "a database client's history", Alone(HISTORY)),
    (".python_history", "shell history", Payload),
    ("history.txt", "shell history", Payload),
    ("Login Data", "saved browser passwords", Alone(BROWSER)),
    ("Default/Cookies", "browser cookies", Alone(BROWSER)),
    ("logins.json", "saved browser passwords", Alone(BROWSER)),
    ("key4.db", "a browser's key store", Alone(BROWSER)),
    ("key3.db", "a browser's key store", Alone(BROWSER)),
    ("cookies.sqlite", "browser cookies", Alone(BROWSER)),
    ("User Data/Local State", "a browser's key store", Alone(BROWSER)),
    ("Local Extension Settings", "browser extension storage", Alone(WALLET)),
    ("/cookies", "browser cookies", Payload),
    ("\\cookies", "browser cookies", Payload),
    ("local state", "a browser's key store", Payload),
    ("login.keychain-db", "the keychain", Alone(KEYCHAIN)),
    ("login.keychain", "the keychain", Alone(KEYCHAIN)),
    ("Library/Keychains", "the keychain", Payload),
    (".keychain", "the keychain", Payload),
    ("keychain-db", "the keychain", Payload),
    (".gnupg/private-keys-v1.d", "PGP private keys", Alone(&["gpg", "gnupg", "pgp"])),
    ("secring.gpg", "PGP private keys", Alone(&["gpg", "gnupg", "pgp"])),
    (".gnupg", "PGP private keys", Payload),
    (".password-store", "a password store", Payload),
    ("*.1pux", "a password manager export", Alone(PASSWORDS)),
    ("*.1pif", "a password manager export", Alone(PASSWORDS)),
    ("bitwarden_export*", "a password manager export", Alone(PASSWORDS)),
    (".kdbx", "a password database", Payload),
    ("wallet.dat", "a crypto wallet", Alone(WALLET)),
    (".electrum/wallets", "a crypto wallet", Alone(WALLET)),
    ("electrum/wallets", "a crypto wallet", Payload),
    ("exodus.wallet", "a crypto wallet", Alone(WALLET)),
    (".ethereum/keystore", "a crypto wallet", Alone(WALLET)),
    (".config/solana/id.json", "a crypto wallet", Alone(WALLET)),
    ("nkbihfbeogaeaoehlefnkodbefgpgknn", "a crypto wallet", Alone(WALLET)),
    ("Microsoft/Credentials", "Windows saved credentials", Alone(WINDOWS)),
    ("Microsoft/Protect", "Windows key material", Alone(WINDOWS)),
    ("microsoft\\credentials", "Windows saved credentials", Payload),
    ("microsoft/credentials", "Windows saved credentials", Payload),
    ("\\protect\\", "Windows key material", Payload),
    (".s3cfg", "S3 credentials", Payload),
    (".boto", "cloud credentials", Payload),
    ("service-account", "a service account key", Payload),
    ("service_account", "a service account key", Payload),
    ("credentials.json", "a credentials file", Payload),
    ("secrets.json", "a secrets file", Payload),
    ("secrets.yml", "a secrets file", Payload),
    ("secrets.yaml", "a secrets file", Payload),
];

/// A fragment as the lowercase text it is found in: no `*`, `/` as written.
fn plain(fragment: &str) -> String {
    fragment.trim_matches('*').to_ascii_lowercase()
}

/// The credential a path (lowercase) names, if any. A public key (`.pub`) holds no secret.
pub fn credential(path: &str) -> Option<&'static str> {
    if path.ends_with(".pub") || path.contains(".pub ") {
        return None;
    }
    CREDENTIAL_FILES
        .iter()
        .find(|(fragment, _, _)| path.contains(plain(fragment).as_str()))
        .map(|(_, name, _)| *name)
}

/// Whether `path` (lowercase) is a dotenv file: `.env`, `.env.production`, `prod.env`, or
/// one named with a word for file joined on (`.env-bestand`, `.env-datei`).
pub fn dotenv(path: &str) -> bool {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    name == ".env"
        || name.starts_with(".env.")
        || name.ends_with(".env")
        || name.strip_prefix(".env-").is_some_and(|word| {
            matches!(word, "bestand" | "datei" | "file" | "fichier" | "archivo" | "arquivo" | "fil")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_and_public_keys() {
        assert_eq!(credential("~/.ssh/id_ed25519"), Some("an SSH private key"));
        assert_eq!(credential("~/.ssh/id_ed25519.pub"), None);
        assert_eq!(credential("~/.aws/credentials"), Some("AWS credentials"));
        assert_eq!(
            credential("~/downloads/bitwarden_export_2024.json"),
            Some("a password manager export")
        );
        assert_eq!(credential("src/main.rs"), None);
        assert!(dotenv(".env.production") && dotenv("/app/.env") && !dotenv("env.md"));
    }
}
