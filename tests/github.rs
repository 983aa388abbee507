//! `--github-comment` against a local mock of the GitHub REST API; never the real one.

mod common;

use common::Scratch;
use rune::github::{self, MARKER, Outcome, Settings};
use serde_json::{Value, json};
use wiremock::matchers::{body_json, header, method, path, path_regex, query_param};
use wiremock::{Mock, MockBuilder, MockServer, ResponseTemplate};

const TOKEN: &str = "ghs_TestToken0123456789abcdefABCDEF";
const COMMENTS: &str = "/repos/octo/app/issues/7/comments";
const PULL_REQUEST_EVENT: &str =
    r#"{"action": "opened", "number": 7, "pull_request": {"number": 7}}"#;
const REPORT: &str = "**rune: 1 finding(s) in 1 of 2 tool(s)**\n";
const CLEAN: &str = "**rune: clean** — 2 tool(s) scanned, nothing found\n";

/// A mock GitHub and the event file a workflow run would have.
struct Api {
    runtime: tokio::runtime::Runtime,
    server: MockServer,
    scratch: Scratch,
}

impl Api {
    fn start(test: &str) -> Api {
        let runtime =
            tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
        let server = runtime.block_on(MockServer::start());
        Api { runtime, server, scratch: Scratch::new(&format!("github-{test}")) }
    }

    fn mount(&self, mock: Mock) {
        self.runtime.block_on(mock.mount(&self.server));
    }

    /// The settings of a run for `event` against this mock, below `prefix` (GitHub Enterprise
    /// serves the API under `/api/v3`).
    fn settings_at(&self, event: &str, prefix: &str) -> Settings {
        let event_path = self.scratch.file("event.json", event.as_bytes());
        let vars = [
            ("GITHUB_TOKEN", TOKEN.to_string()),
            ("GITHUB_REPOSITORY", "octo/app".to_string()),
            ("GITHUB_EVENT_PATH", event_path.display().to_string()),
            ("GITHUB_API_URL", format!("{}{prefix}", self.server.uri())),
        ];
        Settings::from_env(|name| {
            vars.iter().find(|(key, _)| *key == name).map(|(_, value)| value.clone())
        })
        .expect("settings")
    }

    fn settings(&self) -> Settings {
        self.settings_at(PULL_REQUEST_EVENT, "")
    }

    /// Fails the test unless every mock got the calls it expects.
    fn verify(&self) {
        self.runtime.block_on(self.server.verify());
    }

    fn requests(&self) -> usize {
        self.runtime.block_on(self.server.received_requests()).map_or(0, |requests| requests.len())
    }
}

fn user() -> Value {
    let url = "https://api.github.test/users/github-actions[bot]";
    json!({
        "login": "github-actions[bot]", "id": 41898282, "node_id": "MDM6Qm90NDE4OTgyODI=",
        "avatar_url": "https://avatars.github.test/in/15368", "gravatar_id": "", "url": url,
        "html_url": "https://github.test/apps/github-actions", "followers_url": url,
        "following_url": url, "gists_url": url, "starred_url": url, "subscriptions_url": url,
        "organizations_url": url, "repos_url": url, "events_url": url,
        "received_events_url": url, "type": "Bot", "site_admin": false
    })
}

fn comment(id: u64, body: &str) -> Value {
    json!({
        "id": id,
        "node_id": format!("IC_{id}"),
        "url": format!("https://api.github.test/repos/octo/app/issues/comments/{id}"),
        "html_url": format!("https://github.test/octo/app/pull/7#issuecomment-{id}"),
        "body": body,
        "user": user(),
        "created_at": "2025-01-01T00:00:00Z",
        "updated_at": "2025-01-01T00:00:00Z"
    })
}

fn others(ids: std::ops::Range<u64>) -> Vec<Value> {
    ids.map(|id| comment(id, "LGTM, mentions rune:report but no marker")).collect()
}

/// A request for the pull request's comments, 100 to a page, with the token.
fn listing() -> MockBuilder {
    Mock::given(method("GET"))
        .and(path(COMMENTS))
        .and(query_param("per_page", "100"))
        .and(header("authorization", format!("Bearer {TOKEN}").as_str()))
}

/// The only page of the pull request's comments.
fn list(comments: Vec<Value>) -> Mock {
    listing().respond_with(ResponseTemplate::new(200).set_body_json(comments))
}

fn create(body: &str) -> Mock {
    Mock::given(method("POST"))
        .and(path(COMMENTS))
        .and(body_json(json!({ "body": format!("{MARKER}\n{body}") })))
        .respond_with(ResponseTemplate::new(201).set_body_json(comment(900, body)))
}

/// octocrab 0.54 updates a comment with POST, not PATCH; GitHub accepts both.
fn update(id: u64, body: &str) -> Mock {
    Mock::given(method("POST"))
        .and(path(format!("/repos/octo/app/issues/comments/{id}")))
        .and(body_json(json!({ "body": body })))
        .respond_with(ResponseTemplate::new(200).set_body_json(comment(id, body)))
}

/// Any write at all; mounted with `.expect(0)` where nothing may be written.
fn any_write() -> Mock {
    Mock::given(method("POST"))
        .and(path_regex("/issues/"))
        .respond_with(ResponseTemplate::new(500))
        .with_priority(10)
}

fn url(id: u64) -> String {
    format!("https://github.test/octo/app/pull/7#issuecomment-{id}")
}

#[test]
fn creates_the_comment_when_none_exists() {
    let api = Api::start("create");
    api.mount(list(others(1..3)).expect(1));
    api.mount(create(REPORT).expect(1));
    api.mount(any_write().expect(0));
    let outcome = github::comment(REPORT, true, &api.settings()).unwrap();
    assert_eq!(outcome, Outcome::Created { pull_request: 7, url: url(900) });
    api.verify();
}

#[test]
fn updates_the_first_comment_with_the_marker() {
    let api = Api::start("update");
    let mut comments = others(1..3);
    comments.push(comment(40, &format!("{MARKER}\nold report")));
    comments.push(comment(41, &format!("{MARKER}\na second, later one")));
    api.mount(list(comments).expect(1));
    api.mount(update(40, &format!("{MARKER}\n{REPORT}")).expect(1));
    api.mount(any_write().expect(0));
    let outcome = github::comment(REPORT, true, &api.settings()).unwrap();
    assert_eq!(outcome, Outcome::Updated { pull_request: 7, url: url(40) });
    api.verify();
}

#[test]
fn a_clean_run_marks_the_earlier_report_clean() {
    let api = Api::start("resolve");
    api.mount(list(vec![comment(40, &format!("{MARKER}\nold report"))]).expect(1));
    let resolved = format!(
        "{MARKER}\n_An earlier run reported findings or pin drift here; the metadata is clean \
         now._\n\n{CLEAN}"
    );
    api.mount(update(40, &resolved).expect(1));
    api.mount(any_write().expect(0));
    let outcome = github::comment(CLEAN, false, &api.settings()).unwrap();
    assert_eq!(outcome, Outcome::Resolved { pull_request: 7, url: url(40) });
    api.verify();
}

#[test]
fn a_clean_run_with_no_earlier_report_posts_nothing() {
    let api = Api::start("clean");
    api.mount(list(others(1..5)).expect(1));
    api.mount(any_write().expect(0));
    let outcome = github::comment(CLEAN, false, &api.settings()).unwrap();
    assert_eq!(outcome, Outcome::NothingToReport { pull_request: 7 });
    api.verify();
}

#[test]
fn the_marker_is_found_on_a_later_page() {
    let api = Api::start("page2");
    let next = format!("{}{COMMENTS}?per_page=100&page=2", api.server.uri());
    let link = format!(r#"<{next}>; rel="next", <{next}>; rel="last""#);
    api.mount(
        listing()
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(others(1..101))
                    .insert_header("link", link),
            )
            .expect(1),
    );
    api.mount(
        listing()
            .and(query_param("page", "2"))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(vec![comment(250, &format!("{MARKER}\nold report"))]),
            )
            .with_priority(1)
            .expect(1),
    );
    api.mount(update(250, &format!("{MARKER}\n{REPORT}")).expect(1));
    api.mount(create(REPORT).expect(0));
    let outcome = github::comment(REPORT, true, &api.settings()).unwrap();
    assert_eq!(outcome, Outcome::Updated { pull_request: 7, url: url(250) });
    assert_eq!(api.requests(), 3);
    api.verify();
}

#[test]
fn a_read_only_token_is_a_warning_not_a_failure() {
    let api = Api::start("forbidden");
    api.mount(list(Vec::new()).expect(1));
    api.mount(
        Mock::given(method("POST"))
            .and(path(COMMENTS))
            .respond_with(ResponseTemplate::new(403).set_body_json(json!({
                "message": "Resource not accessible by integration",
                "documentation_url": "https://docs.github.com/rest/issues/comments"
            })))
            .expect(1),
    );
    let outcome = github::comment(REPORT, true, &api.settings()).unwrap();
    assert_eq!(
        outcome,
        Outcome::Forbidden {
            pull_request: 7,
            reason: "403: Resource not accessible by integration".to_string()
        }
    );
    assert!(outcome.is_warning());
    assert!(outcome.to_string().starts_with("GitHub refused the report comment"));
    api.verify();
}

#[test]
fn an_api_error_is_one_line_without_the_token() {
    let api = Api::start("error");
    api.mount(
        Mock::given(method("GET"))
            .and(path(COMMENTS))
            .respond_with(ResponseTemplate::new(500).set_body_json(json!({
                "message": format!("token {TOKEN} rejected\nsecond line")
            })))
            .expect(1..),
    );
    let error = github::comment(REPORT, true, &api.settings()).unwrap_err().to_string();
    assert_eq!(
        error,
        "cannot comment on pull request #7: listing the pull request's comments: GitHub \
         answered 500 Internal Server Error: token <redacted> rejected"
    );
    api.verify();
}

#[test]
fn an_unreachable_api_is_one_line_without_the_token() {
    let api = Api::start("unreachable");
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let event_path = api.scratch.file("event.json", PULL_REQUEST_EVENT.as_bytes());
    let vars = [
        ("GITHUB_TOKEN", TOKEN.to_string()),
        ("GITHUB_REPOSITORY", "octo/app".to_string()),
        ("GITHUB_EVENT_PATH", event_path.display().to_string()),
        ("GITHUB_API_URL", format!("http://{closed}")),
    ];
    let settings = Settings::from_env(|name| {
        vars.iter().find(|(key, _)| *key == name).map(|(_, value)| value.clone())
    })
    .unwrap();
    let error = github::comment(REPORT, true, &settings).unwrap_err().to_string();
    assert!(
        error.starts_with(
            "cannot comment on pull request #7: listing the pull request's comments: "
        ),
        "{error}"
    );
    assert!(!error.contains(TOKEN) && !error.contains('\n'), "{error}");
}

#[test]
fn a_run_that_is_not_for_a_pull_request_posts_nothing() {
    let api = Api::start("push");
    let settings = api.settings_at(r#"{"ref": "refs/heads/main", "pusher": {}}"#, "");
    assert_eq!(settings.pull_request(), None);
    let outcome = github::comment(REPORT, true, &settings).unwrap();
    assert_eq!(outcome, Outcome::NotAPullRequest);
    assert!(!outcome.is_warning());
    assert_eq!(api.requests(), 0);
}

#[test]
fn github_enterprise_serves_the_api_under_a_path() {
    let api = Api::start("enterprise");
    api.mount(
        Mock::given(method("GET"))
            .and(path(format!("/api/v3{COMMENTS}")))
            .respond_with(ResponseTemplate::new(200).set_body_json(Vec::<Value>::new()))
            .expect(1),
    );
    api.mount(
        Mock::given(method("POST"))
            .and(path(format!("/api/v3{COMMENTS}")))
            .respond_with(ResponseTemplate::new(201).set_body_json(comment(900, REPORT)))
            .expect(1),
    );
    let outcome = github::comment(REPORT, true, &api.settings_at(PULL_REQUEST_EVENT, "/api/v3"));
    assert_eq!(outcome.unwrap(), Outcome::Created { pull_request: 7, url: url(900) });
    api.verify();
}

#[test]
fn settings_come_from_the_actions_environment() {
    let scratch = Scratch::new("github-settings");
    let event = |text: &str| scratch.file("event.json", text.as_bytes()).display().to_string();
    let settings = |vars: &[(&str, String)]| {
        Settings::from_env(|name| {
            vars.iter().find(|(key, _)| *key == name).map(|(_, value)| value.clone())
        })
    };
    let full = |event_path: String| {
        vec![
            ("GITHUB_TOKEN", TOKEN.to_string()),
            ("GITHUB_REPOSITORY", "octo/app".to_string()),
            ("GITHUB_EVENT_PATH", event_path),
        ]
    };

    // The top-level number of a pull_request event will do.
    let found = settings(&full(event(r#"{"action": "synchronize", "number": 12}"#))).unwrap();
    assert_eq!(found.pull_request(), Some(12));
    assert!(!format!("{found:?}").contains(TOKEN));

    let mut vars = full(event(PULL_REQUEST_EVENT));
    vars.remove(0);
    let error = settings(&vars).unwrap_err().to_string();
    assert!(error.starts_with("GITHUB_TOKEN is not set"), "{error}");

    let mut vars = full(event(PULL_REQUEST_EVENT));
    vars[1].1 = "just-a-name".to_string();
    let error = settings(&vars).unwrap_err().to_string();
    assert_eq!(error, "GITHUB_REPOSITORY must be owner/repo, not just-a-name");

    let error = settings(&full(scratch.path("missing.json").display().to_string()))
        .unwrap_err()
        .to_string();
    assert!(error.starts_with("cannot read the workflow event file "), "{error}");

    let error = settings(&full(event(r#"{"number": "7"}"#))).unwrap_err().to_string();
    assert!(error.ends_with("has a string for the pull request number"), "{error}");

    let mut vars = full(event(PULL_REQUEST_EVENT));
    vars.push(("GITHUB_API_URL", "http://ghe.example.com/api/v3".to_string()));
    let error = settings(&vars).unwrap_err().to_string();
    assert!(error.starts_with("GITHUB_API_URL must be an https:// URL"), "{error}");
    assert!(!error.contains(TOKEN));
}
