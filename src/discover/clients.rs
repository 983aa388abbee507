//! The MCP clients `rune --discover` knows, as data: one entry per client, each with the files
//! it reads its servers from, per scope and per operating system, the file's format and the
//! shape its servers take there. Every location is the client's own documented one; the
//! README's client table cites the page for each.

/// Whose file it is: the user's (under the home folder) or a project's (under its root).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Scope {
    User,
    Project,
}

impl Scope {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Scope::User => "user",
            Scope::Project => "project",
        }
    }
}

/// How the file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// JSON with comments and trailing commas, as editors write it.
    Jsonc,
    Toml,
    Yaml,
}

/// Where in the file the servers are, and which client's dialect each entry is written in
/// (see `discover::shapes`, which brings every dialect to the one `--config` reads).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A top-level `mcpServers` map, or a `servers` map (VS Code): `--config`'s own shape.
    Standard,
    /// A map of servers at this path of keys (`["mcp", "servers"]` in VS Code's settings).
    Map(&'static [&'static str]),
    /// `~/.claude.json`: its top-level `mcpServers` (user scope) and each
    /// `projects.<folder>.mcpServers` (Claude Code's local scope, one project each).
    ClaudeCode,
    /// Continue: a `mcpServers` list whose items carry their own `name`.
    List(&'static str),
}

/// A file's path, `/`-separated, relative to the home folder (user scope) or the project root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The same relative path on every system.
    Everywhere(&'static str),
    /// Linux, macOS and Windows paths; `None` where the client keeps no such file. Windows
    /// paths start at `AppData/Roaming` (`%APPDATA%`) or at the home folder (`%USERPROFILE%`).
    PerOs {
        linux: Option<&'static str>,
        macos: Option<&'static str>,
        windows: Option<&'static str>,
    },
    /// Every `.json`, `.yaml` and `.yml` file in this folder (Continue's block files).
    Folder(&'static str),
}

/// One file (or folder of files) a client reads its servers from.
#[derive(Debug, Clone, Copy)]
pub struct Location {
    pub scope: Scope,
    pub place: Place,
    pub format: Format,
    pub shape: Shape,
}

/// A client and every place it keeps servers.
#[derive(Debug, Clone, Copy)]
pub struct Client {
    /// What `--client` takes and every report shows: lowercase, hyphenated.
    pub id: &'static str,
    pub name: &'static str,
    /// The client's own page that documents these locations.
    pub source: &'static str,
    pub locations: &'static [Location],
}

/// The operating systems paths differ by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Os {
    Linux,
    MacOs,
    Windows,
}

impl Os {
    /// The system rune runs on; any other Unix reads Linux's paths.
    pub fn current() -> Os {
        match std::env::consts::OS {
            "macos" => Os::MacOs,
            "windows" => Os::Windows,
            _ => Os::Linux,
        }
    }
}

impl Place {
    /// The relative path on `os`, or `None` when the client keeps no file there.
    pub(crate) fn on(self, os: Os) -> Option<&'static str> {
        match self {
            Place::Everywhere(path) | Place::Folder(path) => Some(path),
            Place::PerOs { linux, macos, windows } => match os {
                Os::Linux => linux,
                Os::MacOs => macos,
                Os::Windows => windows,
            },
        }
    }
}

const fn user(place: Place, format: Format, shape: Shape) -> Location {
    Location { scope: Scope::User, place, format, shape }
}

const fn project(place: Place, format: Format, shape: Shape) -> Location {
    Location { scope: Scope::Project, place, format, shape }
}

const fn everywhere(path: &'static str) -> Place {
    Place::Everywhere(path)
}

/// An app's folder under each system's per-user application data.
const fn app_data(linux: &'static str, macos: &'static str, windows: &'static str) -> Place {
    Place::PerOs { linux: Some(linux), macos: Some(macos), windows: Some(windows) }
}

const JSONC: Format = Format::Jsonc;
const STANDARD: Shape = Shape::Standard;

/// A VS Code extension's global storage file, on every system.
const fn vscode_storage(
    linux: &'static str,
    macos: &'static str,
    windows: &'static str,
) -> Location {
    user(app_data(linux, macos, windows), JSONC, STANDARD)
}

pub(crate) const CLIENTS: &[Client] = &[
    Client {
        id: "claude-desktop",
        name: "Claude Desktop",
        source: "https://modelcontextprotocol.io/quickstart/user",
        locations: &[user(
            app_data(
                ".config/Claude/claude_desktop_config.json",
                "Library/Application Support/Claude/claude_desktop_config.json",
                "AppData/Roaming/Claude/claude_desktop_config.json",
            ),
            JSONC,
            STANDARD,
        )],
    },
    Client {
        id: "claude-code",
        name: "Claude Code",
        source: "https://docs.anthropic.com/en/docs/claude-code/mcp",
        locations: &[
            user(everywhere(".claude.json"), JSONC, Shape::ClaudeCode),
            project(everywhere(".mcp.json"), JSONC, STANDARD),
        ],
    },
    Client {
        id: "cursor",
        name: "Cursor",
        source: "https://cursor.com/docs/mcp",
        locations: &[
            user(everywhere(".cursor/mcp.json"), JSONC, STANDARD),
            project(everywhere(".cursor/mcp.json"), JSONC, STANDARD),
        ],
    },
    Client {
        id: "vscode",
        name: "VS Code",
        source: "https://code.visualstudio.com/docs/copilot/reference/mcp-configuration",
        locations: &[
            user(
                app_data(
                    ".config/Code/User/mcp.json",
                    "Library/Application Support/Code/User/mcp.json",
                    "AppData/Roaming/Code/User/mcp.json",
                ),
                JSONC,
                STANDARD,
            ),
            user(
                app_data(
                    ".config/Code/User/settings.json",
                    "Library/Application Support/Code/User/settings.json",
                    "AppData/Roaming/Code/User/settings.json",
                ),
                JSONC,
                Shape::Map(&["mcp", "servers"]),
            ),
            project(everywhere(".vscode/mcp.json"), JSONC, STANDARD),
        ],
    },
    Client {
        id: "windsurf",
        name: "Windsurf",
        source: "https://docs.windsurf.com/windsurf/cascade/mcp",
        locations: &[user(everywhere(".codeium/windsurf/mcp_config.json"), JSONC, STANDARD)],
    },
    Client {
        id: "gemini-cli",
        name: "Gemini CLI",
        source: "https://geminicli.com/docs/tools/mcp-server/",
        locations: &[
            user(everywhere(".gemini/settings.json"), JSONC, STANDARD),
            project(everywhere(".gemini/settings.json"), JSONC, STANDARD),
        ],
    },
    Client {
        id: "codex",
        name: "Codex CLI",
        source: "https://developers.openai.com/codex/mcp/",
        locations: &[
            user(everywhere(".codex/config.toml"), Format::Toml, Shape::Map(&["mcp_servers"])),
            project(everywhere(".codex/config.toml"), Format::Toml, Shape::Map(&["mcp_servers"])),
        ],
    },
    Client {
        id: "zed",
        name: "Zed",
        source: "https://zed.dev/docs/ai/mcp",
        locations: &[
            user(
                app_data(
                    ".config/zed/settings.json",
                    ".config/zed/settings.json",
                    "AppData/Roaming/Zed/settings.json",
                ),
                JSONC,
                Shape::Map(&["context_servers"]),
            ),
            project(everywhere(".zed/settings.json"), JSONC, Shape::Map(&["context_servers"])),
        ],
    },
    Client {
        id: "continue",
        name: "Continue",
        source: "https://docs.continue.dev/customize/deep-dives/mcp",
        locations: &[
            user(everywhere(".continue/config.yaml"), Format::Yaml, Shape::List("mcpServers")),
            user(Place::Folder(".continue/mcpServers"), Format::Yaml, Shape::List("mcpServers")),
            project(Place::Folder(".continue/mcpServers"), Format::Yaml, Shape::List("mcpServers")),
        ],
    },
    Client {
        id: "cline",
        name: "Cline",
        source: "https://docs.cline.bot/getting-started/config",
        locations: &[
            user(everywhere(".cline/data/settings/cline_mcp_settings.json"), JSONC, STANDARD),
            vscode_storage(
                ".config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
                "Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
                "AppData/Roaming/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
            ),
        ],
    },
    Client {
        id: "roo-code",
        name: "Roo Code",
        source: "https://docs.roocode.com/features/mcp/using-mcp-in-roo",
        locations: &[
            vscode_storage(
                ".config/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json",
                "Library/Application Support/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json",
                "AppData/Roaming/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json",
            ),
            project(everywhere(".roo/mcp.json"), JSONC, STANDARD),
        ],
    },
    Client {
        id: "amazon-q",
        name: "Amazon Q Developer",
        source: "https://docs.aws.amazon.com/amazonq/latest/qdeveloper-ug/mcp-ide.html",
        locations: &[
            user(everywhere(".aws/amazonq/mcp.json"), JSONC, STANDARD),
            user(everywhere(".aws/amazonq/default.json"), JSONC, STANDARD),
            project(everywhere(".amazonq/mcp.json"), JSONC, STANDARD),
            project(everywhere(".amazonq/default.json"), JSONC, STANDARD),
        ],
    },
    Client {
        id: "kiro",
        name: "Kiro",
        source: "https://kiro.dev/docs/mcp/configuration",
        locations: &[
            user(everywhere(".kiro/settings/mcp.json"), JSONC, STANDARD),
            project(everywhere(".kiro/settings/mcp.json"), JSONC, STANDARD),
        ],
    },
    Client {
        id: "opencode",
        name: "OpenCode",
        source: "https://opencode.ai/docs/mcp-servers/",
        locations: &[
            user(everywhere(".config/opencode/opencode.json"), JSONC, Shape::Map(&["mcp"])),
            user(everywhere(".config/opencode/opencode.jsonc"), JSONC, Shape::Map(&["mcp"])),
            project(everywhere("opencode.json"), JSONC, Shape::Map(&["mcp"])),
            project(everywhere("opencode.jsonc"), JSONC, Shape::Map(&["mcp"])),
        ],
    },
    Client {
        id: "goose",
        name: "Goose",
        source: "https://block.github.io/goose/docs/guides/config-files",
        locations: &[user(
            app_data(
                ".config/goose/config.yaml",
                ".config/goose/config.yaml",
                "AppData/Roaming/Block/goose/config/config.yaml",
            ),
            Format::Yaml,
            Shape::Map(&["extensions"]),
        )],
    },
    Client {
        id: "lm-studio",
        name: "LM Studio",
        source: "https://lmstudio.ai/docs/app/mcp",
        locations: &[user(everywhere(".lmstudio/mcp.json"), JSONC, STANDARD)],
    },
    Client {
        id: "copilot-cli",
        name: "GitHub Copilot CLI",
        source: "https://docs.github.com/en/copilot/how-tos/copilot-cli/customize-copilot/add-mcp-servers",
        locations: &[user(everywhere(".copilot/mcp-config.json"), JSONC, STANDARD)],
    },
    Client {
        id: "junie",
        name: "JetBrains Junie",
        source: "https://www.jetbrains.com/help/junie/model-context-protocol-mcp.html",
        locations: &[
            user(everywhere(".junie/mcp/mcp.json"), JSONC, STANDARD),
            project(everywhere(".junie/mcp/mcp.json"), JSONC, STANDARD),
        ],
    },
];

/// The client `--client` names, by id.
pub fn by_id(id: &str) -> Option<&'static Client> {
    CLIENTS.iter().find(|client| client.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn ids_are_unique_and_lowercase() {
        let mut seen = HashSet::new();
        for client in CLIENTS {
            assert!(seen.insert(client.id), "{} twice", client.id);
            assert!(client.id.chars().all(|c| c.is_ascii_lowercase() || c == '-'), "{}", client.id);
            assert!(client.source.starts_with("https://"), "{}", client.id);
            assert!(!client.locations.is_empty(), "{}", client.id);
        }
    }

    #[test]
    fn at_least_twelve_clients_and_every_system_has_a_path_for_each() {
        assert!(CLIENTS.len() >= 12);
        for client in CLIENTS {
            for os in [Os::Linux, Os::MacOs, Os::Windows] {
                assert!(
                    client.locations.iter().any(|location| location.place.on(os).is_some()),
                    "{} has no file on {os:?}",
                    client.id
                );
            }
        }
    }

    #[test]
    fn the_per_os_paths_differ_where_the_clients_say_so() {
        let desktop = by_id("claude-desktop").expect("claude-desktop").locations[0].place;
        assert_eq!(
            desktop.on(Os::MacOs),
            Some("Library/Application Support/Claude/claude_desktop_config.json")
        );
        assert_eq!(
            desktop.on(Os::Windows),
            Some("AppData/Roaming/Claude/claude_desktop_config.json")
        );
        assert_eq!(desktop.on(Os::Linux), Some(".config/Claude/claude_desktop_config.json"));
        assert!(by_id("nope").is_none());
    }

    #[test]
    fn the_project_files_the_issue_names_are_all_covered() {
        let project: HashSet<&str> = CLIENTS
            .iter()
            .flat_map(|client| client.locations)
            .filter(|location| location.scope == Scope::Project)
            .filter_map(|location| location.place.on(Os::Linux))
            .collect();
        for path in [
            ".mcp.json",
            ".vscode/mcp.json",
            ".cursor/mcp.json",
            ".gemini/settings.json",
            ".amazonq/mcp.json",
            ".kiro/settings/mcp.json",
            ".roo/mcp.json",
            ".continue/mcpServers",
        ] {
            assert!(project.contains(path), "{path}");
        }
    }
}
