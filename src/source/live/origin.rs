//! URLs as rune checks, prints and compares them: validation before any network use, the
//! public form that may appear in messages and SARIF, and the origin a redirect is held to.

use super::LiveError;
use reqwest::Url;
use std::fmt;

/// The URL as it may be shown: scheme, lowercased host, port and path. Userinfo, query and
/// fragment are dropped, since any of them can carry a credential. An IPv6 host keeps its
/// brackets (the original printed `http://::1:8080/mcp`, which reads as a different address).
pub fn public_url(url: &str) -> String {
    let parts = Parts::of(url);
    let path = parts.path;
    match (parts.scheme, parts.authority) {
        (Some(scheme), Some(authority)) => {
            let (host, port) = host_and_port(authority);
            let port = port.map(|port| format!(":{port}")).unwrap_or_default();
            format!("{}://{}{port}{path}", scheme.to_ascii_lowercase(), host.to_lowercase())
        }
        (Some(scheme), None) => format!("{}:{path}", scheme.to_ascii_lowercase()),
        (None, Some(authority)) => format!("//{}{path}", host_and_port(authority).0),
        (None, None) => path.to_string(),
    }
}

/// Checks a `--http`/`--sse` URL (or a config entry's `url`, named by `label`) before any
/// network use, returning it parsed.
pub fn check_url(url: &str, label: &str) -> Result<Url, LiveError> {
    let parts = Parts::of(url);
    let Some(scheme) = parts.scheme.map(str::to_ascii_lowercase) else {
        return Err(LiveError::BadUrl(format!("{label} needs an http:// or https:// URL")));
    };
    let authority = parts.authority.unwrap_or_default();
    if scheme != "http" && scheme != "https" {
        return Err(LiveError::BadUrl(if authority.is_empty() {
            format!("{label} needs an http:// or https:// URL, got '{}'", public_url(url))
        } else {
            format!("{label} only speaks http and https, got '{scheme}'")
        }));
    }
    if host_and_port(authority).0.is_empty() {
        return Err(LiveError::BadUrl(format!("{label} URL has no host: '{}'", public_url(url))));
    }
    Url::parse(url.trim()).map_err(|error| {
        LiveError::BadUrl(format!("{label} URL is not valid ({error}): '{}'", public_url(url)))
    })
}

/// The stderr warning for credentials sent in the clear (behaviour item 19), without the
/// `rune: ` prefix: headers over plain `http` to anything but the loopback names.
pub fn cleartext_warning(url: &str, header_count: usize) -> Option<String> {
    let parts = Parts::of(url);
    let scheme = parts.scheme?.to_ascii_lowercase();
    let host = host_and_port(parts.authority?).0.to_lowercase();
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let loopback = matches!(host, "localhost" | "127.0.0.1" | "::1");
    (header_count > 0 && scheme == "http" && !loopback).then(|| {
        format!(
            "sending {header_count} header(s) unencrypted over http to {host}; use \
             https if the endpoint offers it"
        )
    })
}

/// Where a request goes, as far as credentials are concerned: scheme, host and port, the port
/// filled in from the scheme's default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Origin {
    scheme: String,
    host: String,
    port: Option<u16>,
}

impl Origin {
    pub(super) fn of(url: &Url) -> Origin {
        Origin {
            scheme: url.scheme().to_ascii_lowercase(),
            host: url.host_str().unwrap_or_default().to_ascii_lowercase(),
            port: url.port_or_known_default(),
        }
    }

    /// Whether a request may move from `self` to `next` and keep the scan's headers: the same
    /// origin, or the `http:80` to `https:443` upgrade of the same host.
    pub(super) fn admits(&self, next: &Origin) -> bool {
        self == next
            || (self.scheme == "http"
                && self.port == Some(80)
                && next.scheme == "https"
                && next.port == Some(443)
                && self.host == next.host)
    }
}

impl fmt::Display for Origin {
    /// `scheme://host[:port]`, the default port left out; an IPv6 host is bracketed (the URL
    /// parser already keeps the brackets).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}", self.scheme, self.host)?;
        let default = match self.scheme.as_str() {
            "http" => Some(80),
            "https" => Some(443),
            _ => None,
        };
        match self.port {
            Some(port) if Some(port) != default => write!(f, ":{port}"),
            _ => Ok(()),
        }
    }
}

/// A URL split the lenient way (like Python's `urlsplit`), so that even a URL no parser
/// accepts can be checked and quoted.
struct Parts<'a> {
    scheme: Option<&'a str>,
    /// The text after `//` up to the path; `None` without `//`.
    authority: Option<&'a str>,
    path: &'a str,
}

impl<'a> Parts<'a> {
    fn of(url: &'a str) -> Parts<'a> {
        let url = url.trim();
        let (scheme, rest) = match url.split_once(':') {
            Some((scheme, rest)) if is_scheme(scheme) => (Some(scheme), rest),
            _ => (None, url),
        };
        let rest = rest.split(['#', '?']).next().unwrap_or_default();
        match rest.strip_prefix("//") {
            Some(after) => {
                let end = after.find('/').unwrap_or(after.len());
                Parts { scheme, authority: Some(&after[..end]), path: &after[end..] }
            }
            None => Parts { scheme, authority: None, path: rest },
        }
    }
}

fn is_scheme(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|first| first.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// The host (brackets kept for IPv6) and port of an authority, userinfo dropped.
fn host_and_port(authority: &str) -> (&str, Option<&str>) {
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, after)| after);
    if host_port.starts_with('[') {
        return match host_port.find(']') {
            Some(end) => {
                let port = host_port[end + 1..].strip_prefix(':').filter(|port| !port.is_empty());
                (&host_port[..=end], port)
            }
            None => (host_port, None),
        };
    }
    match host_port.rsplit_once(':') {
        Some((host, port)) => (host, (!port.is_empty()).then_some(port)),
        None => (host_port, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(result: Result<Url, LiveError>) -> String {
        result.expect_err("should be refused").to_string()
    }

    #[test]
    fn the_public_url_drops_userinfo_query_and_fragment() {
        assert_eq!(
            public_url("HTTPS://user:secret@MCP.Example.com:8443/mcp?token=abc#frag"),
            "https://mcp.example.com:8443/mcp"
        );
        assert_eq!(public_url("http://h/sse#x?y"), "http://h/sse");
    }

    #[test]
    fn an_ipv6_host_keeps_its_brackets_unlike_the_original() {
        // The original printed `http://::1:8080/mcp`; the brackets are what make it readable.
        assert_eq!(public_url("http://[::1]:8080/mcp"), "http://[::1]:8080/mcp");
    }

    #[test]
    fn urls_without_scheme_or_authority_are_still_quotable() {
        assert_eq!(public_url("file:///etc/passwd?x"), "file:///etc/passwd");
        assert_eq!(public_url("mailto:a@b"), "mailto:a@b");
        assert_eq!(public_url("example.com/mcp?key=1"), "example.com/mcp");
    }

    #[test]
    fn validation_messages_follow_the_original() {
        assert_eq!(message(check_url("http://", "--http")), "--http URL has no host: 'http://'");
        assert_eq!(
            message(check_url("https://user:pw@/mcp?k=v", "--sse")),
            "--sse URL has no host: 'https:///mcp'"
        );
        assert_eq!(
            message(check_url("ftp://files.example.com/x", "url")),
            "url only speaks http and https, got 'ftp'"
        );
        assert_eq!(
            message(check_url("file:///x", "--http")),
            "--http needs an http:// or https:// URL, got 'file:///x'"
        );
        assert_eq!(
            message(check_url("example.com/mcp", "--http")),
            "--http needs an http:// or https:// URL"
        );
    }

    #[test]
    fn an_unparseable_url_is_refused_with_its_public_form() {
        assert_eq!(
            message(check_url("http://h:99999/mcp?token=t", "--http")),
            "--http URL is not valid (invalid port number): 'http://h:99999/mcp'"
        );
    }

    #[test]
    fn a_good_url_parses() {
        let url = check_url(" https://mcp.example.com/mcp ", "--http").expect("valid");
        assert_eq!(url.as_str(), "https://mcp.example.com/mcp");
    }

    #[test]
    fn origins_fill_in_default_ports_and_print_without_them() {
        let origin = |url: &str| Origin::of(&Url::parse(url).expect("valid"));
        assert_eq!(origin("https://H.example.com/a"), origin("https://h.example.com:443/b"));
        assert_ne!(origin("http://h:8080/"), origin("http://h:8081/"));
        assert_eq!(origin("https://h.example.com:443/x").to_string(), "https://h.example.com");
        assert_eq!(origin("http://127.0.0.1:9/x").to_string(), "http://127.0.0.1:9");
        assert_eq!(origin("http://[::1]:9/x").to_string(), "http://[::1]:9");
    }

    #[test]
    fn only_the_same_origin_or_the_https_upgrade_is_admitted() {
        let origin = |url: &str| Origin::of(&Url::parse(url).expect("valid"));
        let start = origin("http://h.example.com/mcp");
        assert!(start.admits(&origin("http://h.example.com/other")));
        assert!(start.admits(&origin("https://h.example.com/mcp")));
        assert!(!start.admits(&origin("https://evil.example.com/mcp")));
        assert!(!start.admits(&origin("http://h.example.com:8080/mcp")));
        assert!(!origin("https://h.example.com/").admits(&origin("http://h.example.com/")));
    }

    #[test]
    fn the_cleartext_warning_spares_https_and_loopback() {
        assert_eq!(
            cleartext_warning("http://mcp.example.com/mcp", 2).as_deref(),
            Some(
                "sending 2 header(s) unencrypted over http to mcp.example.com; use \
                 https if the endpoint offers it"
            )
        );
        assert_eq!(cleartext_warning("https://mcp.example.com/mcp", 2), None);
        assert_eq!(cleartext_warning("http://localhost:3000/mcp", 1), None);
        assert_eq!(cleartext_warning("http://[::1]:3000/mcp", 1), None);
        assert_eq!(cleartext_warning("http://mcp.example.com/mcp", 0), None);
    }
}
