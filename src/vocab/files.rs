//! Files that hold someone's credentials, by a fragment of their path (lowercase, `/` or `\`
//! as written): what reading or sending one means, wherever a rule meets it.

/// Fragments of credential files' paths, each with the name a finding gives it.
pub const CREDENTIAL_FILES: &[(&str, &str)] = &[
    (".ssh/id_", "an SSH private key"),
    ("id_rsa", "an SSH private key"),
    ("id_dsa", "an SSH private key"),
    ("id_ecdsa", "an SSH private key"),
    ("id_ed25519", "an SSH private key"),
    (".aws/credentials", "AWS credentials"),
    (".aws/config", "the AWS CLI config"),
    ("application_default_credentials", "Google Cloud credentials"),
    (".config/gcloud", "Google Cloud credentials"),
    (".azure/", "Azure CLI tokens"),
    ("msal_token_cache", "Azure CLI tokens"),
    (".netrc", "netrc passwords"),
    ("_netrc", "netrc passwords"),
    (".pgpass", "PostgreSQL passwords"),
    (".my.cnf", "MySQL passwords"),
    (".npmrc", "npm tokens"),
    (".pypirc", "PyPI tokens"),
    (".git-credentials", "git credentials"),
    (".config/gh/hosts", "GitHub CLI tokens"),
    (".config/glab-cli", "GitLab CLI tokens"),
    (".vault-token", "a Vault token"),
    (".terraform.d/credentials", "Terraform credentials"),
    (".docker/config.json", "Docker registry credentials"),
    (".kube/config", "a Kubernetes config"),
    ("kubeconfig", "a Kubernetes config"),
    ("/etc/shadow", "password hashes"),
    ("/etc/sudoers", "sudo rules"),
    (".cursor/mcp.json", "an agent's MCP config"),
    ("claude_desktop_config.json", "an agent's MCP config"),
    (".claude.json", "an agent's MCP config"),
    (".vscode/mcp.json", "an agent's MCP config"),
    (".codeium/windsurf/mcp_config.json", "an agent's MCP config"),
    (".config/github-copilot", "GitHub Copilot tokens"),
    (".bash_history", "shell history"),
    (".zsh_history", "shell history"),
    (".mysql_history", "a database client's history"),
    (".psql_history", "a database client's history"),
    (".python_history", "shell history"),
    ("history.txt", "shell history"),
    ("login data", "saved browser passwords"),
    ("/cookies", "browser cookies"),
    ("\\cookies", "browser cookies"),
    ("local state", "a browser's key store"),
    ("login.keychain", "the keychain"),
    (".keychain", "the keychain"),
    ("keychain-db", "the keychain"),
    (".gnupg", "PGP private keys"),
    (".password-store", "a password store"),
    (".1pux", "a password manager export"),
    ("bitwarden_export", "a password manager export"),
    (".kdbx", "a password database"),
    ("wallet.dat", "a crypto wallet"),
    ("electrum/wallets", "a crypto wallet"),
    ("exodus.wallet", "a crypto wallet"),
    ("nkbihfbeogaeaoehlefnkodbefgpgknn", "a crypto wallet"),
    ("microsoft\\credentials", "Windows saved credentials"),
    ("microsoft/credentials", "Windows saved credentials"),
    ("\\protect\\", "Windows key material"),
    (".s3cfg", "S3 credentials"),
    (".boto", "cloud credentials"),
    ("service-account", "a service account key"),
    ("service_account", "a service account key"),
    ("credentials.json", "a credentials file"),
    ("secrets.json", "a secrets file"),
    ("secrets.yml", "a secrets file"),
    ("secrets.yaml", "a secrets file"),
];

/// The credential a path (lowercase) names, if any. A public key (`.pub`) holds no secret.
pub fn credential(path: &str) -> Option<&'static str> {
    if path.ends_with(".pub") || path.contains(".pub ") {
        return None;
    }
    CREDENTIAL_FILES.iter().find(|(fragment, _)| path.contains(fragment)).map(|(_, name)| *name)
}

/// Whether `path` (lowercase) is a dotenv file: `.env`, `.env.production`, `prod.env`.
pub fn dotenv(path: &str) -> bool {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    name == ".env" || name.starts_with(".env.") || name.ends_with(".env")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_and_public_keys() {
        assert_eq!(credential("~/.ssh/id_ed25519"), Some("an SSH private key"));
        assert_eq!(credential("~/.ssh/id_ed25519.pub"), None);
        assert_eq!(credential("~/.aws/credentials"), Some("AWS credentials"));
        assert_eq!(credential("src/main.rs"), None);
        assert!(dotenv(".env.production") && dotenv("/app/.env") && !dotenv("env.md"));
    }
}
