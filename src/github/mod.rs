//! `--github-comment`: the report as one sticky comment on the pull request under review.
//!
//! The comment carries a hidden [`MARKER`]; each run updates the first comment that has it
//! rather than adding another. A clean run creates nothing, but turns an earlier report into
//! "clean now" so the thread does not keep showing problems that were fixed.
//!
//! Everything comes from the GitHub Actions environment ([`Settings::from_env`]). rune's core
//! is synchronous, so [`comment`] runs the API calls on a runtime of its own, bounded by
//! `TIMEOUT`. A token that may not comment (a fork's pull request gets a read-only one) is
//! [`Outcome::Forbidden`], a warning: the scan's own verdict must not depend on it.

use crate::escape::escape;
use crate::source::config::redact;
use octocrab::Octocrab;
use octocrab::models::issues::Comment;
use std::fmt;
use std::path::Path;
use std::time::Duration;

/// Hidden in every comment rune writes, so the next run finds it.
pub const MARKER: &str = "<!-- rune:report -->";

/// How long all the API calls of one run may take together.
pub(crate) const TIMEOUT: Duration = Duration::from_secs(30);

const DEFAULT_API_URL: &str = "https://api.github.com";

/// Where to comment and with what credential.
#[derive(Clone)]
pub struct Settings {
    token: String,
    owner: String,
    repo: String,
    /// `None` when the workflow event is not about a pull request.
    pull_request: Option<u64>,
    api_url: String,
}

impl fmt::Debug for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Settings")
            .field("owner", &self.owner)
            .field("repo", &self.repo)
            .field("pull_request", &self.pull_request)
            .field("api_url", &self.api_url)
            .finish_non_exhaustive()
    }
}

impl Settings {
    /// Reads `GITHUB_TOKEN`, `GITHUB_REPOSITORY` (`owner/repo`), the pull request number from
    /// the event file at `GITHUB_EVENT_PATH`, and `GITHUB_API_URL` (GitHub Enterprise; default
    /// `https://api.github.com`) through `lookup`, e.g. `|name| std::env::var(name).ok()`.
    pub fn from_env(lookup: impl Fn(&str) -> Option<String>) -> Result<Settings, CommentError> {
        let set = |name: &str| lookup(name).filter(|value| !value.trim().is_empty());
        let token = set("GITHUB_TOKEN").ok_or_else(|| {
            CommentError::new(
                "GITHUB_TOKEN is not set; in a workflow, pass it with \
                 `env: GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}`",
            )
        })?;
        let repository = set("GITHUB_REPOSITORY").ok_or_else(|| {
            CommentError::new(
                "GITHUB_REPOSITORY (owner/repo) is not set; GitHub Actions sets it in a workflow",
            )
        })?;
        let (owner, repo) = match repository.split_once('/') {
            Some((owner, repo)) if !owner.is_empty() && !repo.is_empty() && !repo.contains('/') => {
                (owner.to_string(), repo.to_string())
            }
            _ => {
                return Err(CommentError::new(format!(
                    "GITHUB_REPOSITORY must be owner/repo, not {}",
                    escape(&repository)
                )));
            }
        };
        let event_path = set("GITHUB_EVENT_PATH").ok_or_else(|| {
            CommentError::new(
                "GITHUB_EVENT_PATH is not set; GitHub Actions sets it to the event file it writes",
            )
        })?;
        let pull_request = pull_request_number(Path::new(&event_path))?;
        let api_url = set("GITHUB_API_URL").unwrap_or_else(|| DEFAULT_API_URL.to_string());
        check_api_url(&api_url)?;
        Ok(Settings { token: token.trim().to_string(), owner, repo, pull_request, api_url })
    }

    /// The pull request the run is for, if it is for one.
    pub fn pull_request(&self) -> Option<u64> {
        self.pull_request
    }
}

/// `pull_request.number`, or the top-level `number` of a pull-request event; `None` for any
/// other event.
fn pull_request_number(path: &Path) -> Result<Option<u64>, CommentError> {
    let shown = || escape(&path.display().to_string()).into_owned();
    let text = std::fs::read_to_string(path).map_err(|error| {
        CommentError::new(format!("cannot read the workflow event file {}: {error}", shown()))
    })?;
    let event = crate::json::parse(&text).map_err(|error| {
        CommentError::new(format!("the workflow event file {} is not JSON: {error}", shown()))
    })?;
    let number = event
        .get("pull_request")
        .and_then(|pull_request| pull_request.get("number"))
        .or_else(|| event.get("number"));
    match number {
        None => Ok(None),
        Some(crate::json::Value::Number(number)) => match number.parse::<u64>() {
            Ok(number) => Ok(Some(number)),
            Err(_) => Err(CommentError::new(format!(
                "the workflow event file {} has pull request number {}, not a whole number",
                shown(),
                escape(number)
            ))),
        },
        Some(other) => Err(CommentError::new(format!(
            "the workflow event file {} has {} for the pull request number",
            shown(),
            other.type_name()
        ))),
    }
}

/// The token goes only over HTTPS; plain HTTP only to this machine (a local mock).
fn check_api_url(url: &str) -> Result<(), CommentError> {
    let lower = url.to_ascii_lowercase();
    if lower.starts_with("https://") {
        return Ok(());
    }
    if let Some(rest) = lower.strip_prefix("http://") {
        let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
        let host = match authority.strip_prefix('[') {
            Some(bracketed) => bracketed.split(']').next().unwrap_or_default(),
            None => authority.rsplit_once(':').map_or(authority, |(host, _port)| host),
        };
        if matches!(host, "localhost" | "127.0.0.1" | "::1") {
            return Ok(());
        }
    }
    Err(CommentError::new(format!("GITHUB_API_URL must be an https:// URL, not {}", escape(url))))
}

/// What became of the comment. Print it (see its `Display`) on stderr, after `warning: ` when
/// [`Outcome::is_warning`]; none of these fails the scan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A new report comment.
    Created { pull_request: u64, url: String },
    /// The earlier report comment now shows this report.
    Updated { pull_request: u64, url: String },
    /// The run was clean and the earlier report comment now says so.
    Resolved { pull_request: u64, url: String },
    /// The run was clean and there was no earlier report to correct.
    NothingToReport { pull_request: u64 },
    /// The workflow event is not about a pull request.
    NotAPullRequest,
    /// GitHub refused (403): the token may not comment, as on a pull request from a fork.
    Forbidden { pull_request: u64, reason: String },
}

impl Outcome {
    /// Whether this deserves a warning rather than a note.
    pub fn is_warning(&self) -> bool {
        matches!(self, Outcome::Forbidden { .. })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Created { pull_request, url } => {
                write!(f, "posted the report on pull request #{pull_request}: {}", escape(url))
            }
            Outcome::Updated { pull_request, url } => write!(
                f,
                "updated the report comment on pull request #{pull_request}: {}",
                escape(url)
            ),
            Outcome::Resolved { pull_request, url } => write!(
                f,
                "marked the report comment on pull request #{pull_request} clean: {}",
                escape(url)
            ),
            Outcome::NothingToReport { pull_request } => {
                write!(f, "nothing to report on pull request #{pull_request}; no comment posted")
            }
            Outcome::NotAPullRequest => {
                f.write_str("this workflow run is not for a pull request; no comment posted")
            }
            Outcome::Forbidden { pull_request, reason } => write!(
                f,
                "GitHub refused the report comment on pull request #{pull_request} \
                 ({}); a fork's pull request gets a read-only token. The scan result stands",
                escape(reason)
            ),
        }
    }
}

/// Why the comment could not be written: one line, the token never in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommentError(String);

impl CommentError {
    fn new(message: impl Into<String>) -> CommentError {
        CommentError(message.into())
    }
}

impl fmt::Display for CommentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CommentError {}

/// Posts `markdown` (a report from [`crate::report::markdown::render`]) as the pull request's
/// sticky comment: updates the earlier one, or creates one when `has_drift_or_findings`. A
/// clean run updates an earlier comment to say so and otherwise posts nothing.
pub fn comment(
    markdown: &str,
    has_drift_or_findings: bool,
    settings: &Settings,
) -> Result<Outcome, CommentError> {
    let Some(pull_request) = settings.pull_request else {
        return Ok(Outcome::NotAPullRequest);
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| CommentError::new(format!("cannot start the GitHub client: {error}")))?;
    let sticky = Sticky { settings, pull_request, markdown, has_drift_or_findings };
    let result = runtime.block_on(async { tokio::time::timeout(TIMEOUT, sticky.post()).await });
    // A request still hanging after the timeout is not waited for.
    runtime.shutdown_background();
    let failure = match result {
        Ok(Ok(outcome)) => return Ok(outcome),
        Err(_elapsed) => format!("GitHub did not answer within {} s", TIMEOUT.as_secs()),
        Ok(Err(ApiError { step, error })) => {
            if let octocrab::Error::GitHub { source, .. } = &error
                && source.status_code.as_u16() == 403
            {
                let reason = format!("403: {}", first_line(&source.message));
                let reason = redact(&reason, std::slice::from_ref(&settings.token));
                return Ok(Outcome::Forbidden { pull_request, reason });
            }
            format!("{step}: {}", describe(&error))
        }
    };
    let message = format!("cannot comment on pull request #{pull_request}: {failure}");
    Err(CommentError::new(escape(&redact(&message, std::slice::from_ref(&settings.token)))))
}

/// One run's sticky-comment job.
struct Sticky<'a> {
    settings: &'a Settings,
    pull_request: u64,
    markdown: &'a str,
    has_drift_or_findings: bool,
}

/// An API call that failed, and which one it was.
struct ApiError {
    step: &'static str,
    error: octocrab::Error,
}

fn at(step: &'static str) -> impl FnOnce(octocrab::Error) -> ApiError {
    move |error| ApiError { step, error }
}

impl Sticky<'_> {
    async fn post(&self) -> Result<Outcome, ApiError> {
        let settings = self.settings;
        let client = Octocrab::builder()
            .personal_token(settings.token.clone())
            .base_uri(settings.api_url.as_str())
            .and_then(|builder| builder.build())
            .map_err(at("building the client"))?;
        let issues = client.issues(&settings.owner, &settings.repo);
        let earlier = self.find_earlier(&client).await?;
        let pull_request = self.pull_request;
        match (earlier, self.has_drift_or_findings) {
            (Some(id), true) => {
                let body = format!("{MARKER}\n{}", self.markdown);
                let updated = issues
                    .update_comment(id.into(), body)
                    .await
                    .map_err(at("updating the report comment"))?;
                Ok(Outcome::Updated { pull_request, url: updated.html_url.to_string() })
            }
            (Some(id), false) => {
                let body = format!(
                    "{MARKER}\n_An earlier run reported findings or pin drift here; the metadata \
                     is clean now._\n\n{}",
                    self.markdown
                );
                let updated = issues
                    .update_comment(id.into(), body)
                    .await
                    .map_err(at("updating the report comment"))?;
                Ok(Outcome::Resolved { pull_request, url: updated.html_url.to_string() })
            }
            (None, true) => {
                let body = format!("{MARKER}\n{}", self.markdown);
                let created = issues
                    .create_comment(pull_request, body)
                    .await
                    .map_err(at("creating the report comment"))?;
                Ok(Outcome::Created { pull_request, url: created.html_url.to_string() })
            }
            (None, false) => Ok(Outcome::NothingToReport { pull_request }),
        }
    }

    /// The id of the first comment carrying [`MARKER`], reading page after page (100 comments
    /// each) until it turns up or the pages run out.
    async fn find_earlier(&self, client: &Octocrab) -> Result<Option<u64>, ApiError> {
        const LISTING: &str = "listing the pull request's comments";
        let mut page = client
            .issues(&self.settings.owner, &self.settings.repo)
            .list_comments(self.pull_request)
            .per_page(100)
            .send()
            .await
            .map_err(at(LISTING))?;
        loop {
            if let Some(found) = page.items.iter().find(|comment| carries_marker(comment)) {
                return Ok(Some(found.id.into_inner()));
            }
            match client.get_page::<Comment>(&page.next).await.map_err(at(LISTING))? {
                Some(next) => page = next,
                None => return Ok(None),
            }
        }
    }
}

fn carries_marker(comment: &Comment) -> bool {
    comment.body.as_deref().is_some_and(|body| body.contains(MARKER))
}

/// A failed call in one line: GitHub's status and message, or the transport's chain of causes.
fn describe(error: &octocrab::Error) -> String {
    if let octocrab::Error::GitHub { source, .. } = error {
        return format!("GitHub answered {}: {}", source.status_code, first_line(&source.message));
    }
    let mut parts = vec![first_line(&error.to_string()).to_string()];
    let mut cause = std::error::Error::source(error);
    while let Some(inner) = cause {
        let line = first_line(&inner.to_string()).to_string();
        if parts.last().is_none_or(|last| !last.contains(&line)) {
            parts.push(line);
        }
        cause = inner.source();
    }
    parts.join(": ")
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default().trim()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn https_or_a_local_mock_only() {
        for url in [
            "https://api.github.com",
            "https://ghe.example.com/api/v3",
            "http://127.0.0.1:8080",
            "http://localhost",
            "http://[::1]:3000/api",
        ] {
            assert_eq!(check_api_url(url), Ok(()), "{url}");
        }
        for url in ["http://ghe.example.com/api/v3", "http://127.0.0.1.evil.example", "ftp://x"] {
            let error = check_api_url(url).unwrap_err().to_string();
            assert!(error.starts_with("GITHUB_API_URL must be an https:// URL"), "{error}");
        }
    }

    #[test]
    fn the_token_stays_out_of_debug_output() {
        let settings = Settings {
            token: "ghs_secretsecretsecret".to_string(),
            owner: "o".to_string(),
            repo: "r".to_string(),
            pull_request: Some(1),
            api_url: DEFAULT_API_URL.to_string(),
        };
        assert!(!format!("{settings:?}").contains("ghs_"));
    }

    #[test]
    fn only_the_first_line_of_a_message_is_kept() {
        assert_eq!(first_line("a\nb"), "a");
        assert_eq!(first_line(""), "");
    }
}
