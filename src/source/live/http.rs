//! HTTP for live scans: the client both HTTP transports share (the scan's headers on every
//! request, redirects held to the endpoint's origin, bounded reads, failures said plainly) and
//! the Streamable HTTP backend rmcp's worker drives, which files every reply in the [`Tap`]
//! before rmcp sees it.

use super::origin::{Origin, public_url};
use super::tap::Tap;
use super::{LiveError, Options, quote};
use crate::source::sse::{self, Event};
use futures::StreamExt;
use futures::stream::BoxStream;
use reqwest::header::{self, HeaderMap, HeaderName, HeaderValue};
use reqwest::{Method, RequestBuilder, Response, StatusCode, Url, redirect};
use rmcp::model::{ClientJsonRpcMessage, JsonRpcMessage};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::{
    SseError, StreamableHttpClient, StreamableHttpClientTransportConfig, StreamableHttpError,
    StreamableHttpPostResponse, StreamableHttpResponseLimits,
};
use sse_stream::Sse;
use std::collections::{HashMap, VecDeque};
use std::error::Error as _;
use std::sync::Arc;

/// Redirects followed before the endpoint counts as a loop.
const MAX_REDIRECTS: usize = 10;

const EVENT_STREAM: &str = "text/event-stream";
const JSON: &str = "application/json";
const SESSION_ID: &str = "mcp-session-id";
const LAST_EVENT_ID: &str = "last-event-id";

/// The client one scan's requests go through.
#[derive(Clone)]
pub(super) struct HttpClient {
    client: reqwest::Client,
    tap: Arc<Tap>,
    /// The endpoint as it may be printed.
    shown: Arc<str>,
    /// The legacy HTTP+SSE transport, whose endpoint path is usually `/sse`, not `/mcp`.
    legacy: bool,
    /// The most one message (a JSON body or an event) may take.
    message_cap: usize,
}

impl HttpClient {
    pub(super) fn new(
        url: &Url,
        headers: &[(String, String)],
        tap: &Arc<Tap>,
        options: &Options,
        legacy: bool,
    ) -> Result<HttpClient, LiveError> {
        let locked = !headers.is_empty();
        let home = Origin::of(url);
        let redirects = Arc::clone(tap);
        let policy = redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() > MAX_REDIRECTS {
                redirects.fail(LiveError::Failed(format!(
                    "endpoint redirected more than {MAX_REDIRECTS} times; rune stopped following"
                )));
                return attempt.stop();
            }
            let next = Origin::of(attempt.url());
            if locked && !home.admits(&next) {
                redirects.refuse_origin(next.to_string());
                return attempt.stop();
            }
            attempt.follow()
        });
        let client = reqwest::Client::builder()
            .default_headers(header_map(headers)?)
            .redirect(policy)
            // A redirect's Referer would carry the endpoint's query string, where tokens live.
            .referer(false)
            .user_agent(concat!("rune/", env!("CARGO_PKG_VERSION")))
            .connect_timeout(options.timeout)
            .build()
            .map_err(|error| {
                LiveError::Failed(format!("cannot set up an HTTP client: {}", error_chain(&error)))
            })?;
        Ok(HttpClient {
            client,
            tap: Arc::clone(tap),
            shown: public_url(url.as_str()).into(),
            legacy,
            message_cap: options.message_cap,
        })
    }

    /// Records a failure of the scan (see [`Tap::fail`]).
    pub(super) fn fail(&self, failure: LiveError) -> LiveError {
        self.tap.fail(failure)
    }

    pub(super) fn request(&self, method: Method, url: &str) -> RequestBuilder {
        self.client.request(method, url)
    }

    /// Sends a request. A request that never got an answer is a failure of the scan.
    pub(super) async fn send(&self, request: RequestBuilder) -> Result<Response, LiveError> {
        request.send().await.map_err(|error| self.tap.fail(self.unreachable(&error)))
    }

    /// The failure an error status stands for. A redirect rune refused to follow is answered
    /// by the origin lock instead, which the driver puts first.
    pub(super) fn status_failure(&self, status: StatusCode) -> LiveError {
        LiveError::Http { status: status.as_u16(), legacy: self.legacy }
    }

    /// Reads a whole body, at most one message's worth.
    pub(super) async fn read_body(&self, mut response: Response) -> Result<Vec<u8>, LiveError> {
        if response.content_length().is_some_and(|length| length > self.message_cap as u64) {
            return Err(self.tap.fail(too_large(self.message_cap)));
        }
        let mut body = Vec::new();
        while let Some(chunk) =
            response.chunk().await.map_err(|error| self.tap.fail(self.broken(&error)))?
        {
            if body.len() + chunk.len() > self.message_cap {
                return Err(self.tap.fail(too_large(self.message_cap)));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }

    /// A response body read as an event stream, one event at a time, each at most one
    /// message's worth. Read errors end the stream after recording the failure.
    pub(super) fn events(&self, response: Response) -> BoxStream<'static, Event> {
        let client = self.clone();
        let decoder = Some(EventDecoder::new(self.message_cap));
        let state = (response.bytes_stream().boxed(), decoder, VecDeque::new());
        futures::stream::unfold(state, move |(mut bytes, mut decoder, mut ready)| {
            let client = client.clone();
            async move {
                loop {
                    if let Some(event) = ready.pop_front() {
                        return Some((event, (bytes, decoder, ready)));
                    }
                    let decoding = decoder.as_mut()?;
                    let mut out = Vec::new();
                    match bytes.next().await {
                        Some(Ok(chunk)) => {
                            if let Err(failure) = decoding.feed(&chunk, &mut out) {
                                client.tap.fail(failure);
                                return None;
                            }
                        }
                        Some(Err(error)) => {
                            client.tap.fail(client.broken(&error));
                            return None;
                        }
                        None => {
                            if let Some(finished) = decoder.take() {
                                finished.finish(&mut out);
                            }
                        }
                    }
                    ready.extend(out);
                }
            }
        })
        .boxed()
    }

    fn unreachable(&self, error: &reqwest::Error) -> LiveError {
        LiveError::Failed(format!("could not reach {}: {}", self.shown, error_chain(error)))
    }

    fn broken(&self, error: &reqwest::Error) -> LiveError {
        LiveError::Failed(format!(
            "the connection to {} broke mid-reply: {}",
            self.shown,
            error_chain(error)
        ))
    }
}

/// The scan's headers, each value marked sensitive so no debug output shows it. A header
/// HTTP cannot carry is refused by name; its value is never quoted.
fn header_map(headers: &[(String, String)]) -> Result<HeaderMap, LiveError> {
    let mut map = HeaderMap::new();
    for (name, value) in headers {
        let bad = || LiveError::Failed(format!("header {} cannot be sent over HTTP", quote(name)));
        let name = HeaderName::from_bytes(name.as_bytes()).map_err(|_| bad())?;
        let mut value = HeaderValue::from_str(value).map_err(|_| bad())?;
        value.set_sensitive(true);
        map.insert(name, value);
    }
    Ok(map)
}

fn too_large(cap: usize) -> LiveError {
    LiveError::Failed(format!(
        "server sent a message larger than {}, the most rune reads of one message",
        super::size(cap)
    ))
}

/// What went wrong under a reqwest error, without the URL reqwest puts in its own message
/// (it can carry userinfo or a token in the query).
fn error_chain(error: &reqwest::Error) -> String {
    let mut source = error.source();
    let mut deepest = None;
    while let Some(cause) = source {
        deepest = Some(cause);
        source = cause.source();
    }
    match deepest {
        Some(cause) => match cause.downcast_ref::<std::io::Error>() {
            Some(io) => super::io_reason(io),
            None => cause.to_string(),
        },
        None if error.is_timeout() => "timed out".to_string(),
        None if error.is_connect() => "connection failed".to_string(),
        None => "request failed".to_string(),
    }
}

fn media_type(response: &Response) -> String {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .map(|value| value.trim().to_ascii_lowercase())
        .unwrap_or_default()
}

/// Turns an event stream's bytes into events, bounding how much one event may take.
pub(super) struct EventDecoder {
    reader: sse::Reader,
    /// The start of a character split between two chunks.
    partial: Vec<u8>,
    /// Text after the last line break, held back until its line ends: the reader then scans
    /// each byte once, and an oversized line is refused before it is scanned at all.
    held: String,
    /// Bytes read since the last event was dispatched.
    pending: usize,
    cap: usize,
}

impl EventDecoder {
    pub(super) fn new(cap: usize) -> EventDecoder {
        EventDecoder {
            reader: sse::Reader::new(),
            partial: Vec::new(),
            held: String::new(),
            pending: 0,
            cap,
        }
    }

    pub(super) fn feed(&mut self, chunk: &[u8], out: &mut Vec<Event>) -> Result<(), LiveError> {
        let joined;
        let bytes = if self.partial.is_empty() {
            chunk
        } else {
            let mut carried = std::mem::take(&mut self.partial);
            carried.extend_from_slice(chunk);
            joined = carried;
            &joined[..]
        };
        let text = match std::str::from_utf8(bytes) {
            Ok(text) => text,
            Err(error) if error.error_len().is_none() => {
                let (text, rest) = bytes.split_at(error.valid_up_to());
                self.partial = rest.to_vec();
                std::str::from_utf8(text).unwrap_or_default()
            }
            Err(_) => {
                return Err(LiveError::Failed(
                    "server sent an event stream that is not UTF-8".to_string(),
                ));
            }
        };
        self.pending += text.len();
        if self.pending > self.cap {
            return Err(too_large(self.cap));
        }
        // Two single-character searches: each runs on the standard library's fast byte search.
        match text.rfind('\n').max(text.rfind('\r')) {
            None => self.held.push_str(text),
            Some(last_break) => {
                self.held.push_str(&text[..=last_break]);
                let before = out.len();
                self.reader.feed(&self.held, out);
                self.held.clear();
                self.held.push_str(&text[last_break + 1..]);
                if out.len() > before {
                    self.pending = self.held.len();
                }
            }
        }
        Ok(())
    }

    pub(super) fn finish(mut self, out: &mut Vec<Event>) {
        self.reader.feed(&self.held, out);
        self.reader.finish(out);
    }
}

/// The Streamable HTTP transport: rmcp's worker (sessions, protocol headers, stream
/// resumption) over rune's client.
pub(super) fn streamable(
    url: &Url,
    headers: &[(String, String)],
    tap: &Arc<Tap>,
    options: &Options,
) -> Result<StreamableHttpClientTransport<HttpClient>, LiveError> {
    let client = HttpClient::new(url, headers, tap, options, false)?;
    let config = StreamableHttpClientTransportConfig::with_uri(url.as_str())
        .max_json_response_size(options.message_cap)
        .max_sse_event_size(options.message_cap)
        // A scan is one handshake: a server that forgets its session has failed it.
        .reinit_on_expired_session(false)
        .max_concurrent_requests(1);
    Ok(StreamableHttpClientTransport::with_client(client, config))
}

type Failure = StreamableHttpError<reqwest::Error>;

/// Why a request failed, for rmcp. The scan reports the failure the tap recorded instead.
fn unexpected(failure: &LiveError) -> Failure {
    StreamableHttpError::UnexpectedServerResponse(failure.to_string().into())
}

impl HttpClient {
    /// The events of a response stream as rmcp reads them. Each `message` event's data is
    /// filed in the tap and handed on re-serialized from rune's parse; other events (priming,
    /// pings) pass unchanged.
    fn rmcp_events(&self, response: Response) -> BoxStream<'static, Result<Sse, SseError>> {
        let tap = Arc::clone(&self.tap);
        self.events(response)
            .map(move |event| {
                let data = if event.name == "message" && !event.data.trim().is_empty() {
                    match tap
                        .received_text(&event.data)
                        .map(|message| serde_json::to_string(&message))
                    {
                        Ok(Ok(data)) => data,
                        // The failure is recorded; an empty event is skipped by rmcp.
                        _ => String::new(),
                    }
                } else {
                    event.data
                };
                Ok(Sse { event: Some(event.name), data: Some(data), id: event.id, retry: None })
            })
            .boxed()
    }

    /// Whether `uri` answers a GET with an event stream, as a legacy HTTP+SSE endpoint does.
    async fn serves_event_stream(&self, uri: &str) -> bool {
        let request = self.request(Method::GET, uri).header(header::ACCEPT, EVENT_STREAM);
        // The answer is judged by its headers alone; dropping it closes the stream unread.
        request.send().await.is_ok_and(|response| {
            response.status().is_success() && media_type(&response) == EVENT_STREAM
        })
    }

    fn protocol_request(
        &self,
        method: Method,
        uri: &str,
        accept: &'static str,
        session_id: Option<&str>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> RequestBuilder {
        let mut request = self.request(method, uri).header(header::ACCEPT, accept);
        if let Some(session_id) = session_id {
            request = request.header(SESSION_ID, session_id);
        }
        for (name, value) in custom_headers {
            request = request.header(name, value);
        }
        request
    }
}

impl StreamableHttpClient for HttpClient {
    type Error = reqwest::Error;

    async fn post_message(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<StreamableHttpPostResponse, Failure> {
        self.post_message_with_response_limits(
            uri,
            message,
            session_id,
            auth_header,
            custom_headers,
            StreamableHttpResponseLimits::default(),
        )
        .await
    }

    /// Limits come from [`Options::message_cap`], set on the client.
    async fn post_message_with_response_limits(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        _auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        _limits: StreamableHttpResponseLimits,
    ) -> Result<StreamableHttpPostResponse, Failure> {
        let body = serde_json::to_vec(&message).map_err(StreamableHttpError::Deserialize)?;
        let request = self
            .protocol_request(
                Method::POST,
                &uri,
                "application/json, text/event-stream",
                session_id.as_deref(),
                custom_headers,
            )
            .header(header::CONTENT_TYPE, JSON)
            .body(body);
        let response = self.send(request).await.map_err(|failure| unexpected(&failure))?;
        let status = response.status();
        let awaits_reply = matches!(message, JsonRpcMessage::Request(_));
        let new_session = response
            .headers()
            .get(SESSION_ID)
            .and_then(|value| value.to_str().ok())
            .map(str::to_string);
        let media_type = media_type(&response);
        if !status.is_success() {
            // A JSON-RPC error may ride on an error status; it answers the request.
            if media_type == JSON && awaits_reply && status.is_client_error() {
                let body =
                    self.read_body(response).await.map_err(|failure| unexpected(&failure))?;
                if let Ok(text) = std::str::from_utf8(&body)
                    && let Ok(raw) = crate::json::parse(text)
                    && raw.get("error").is_some()
                    && let Ok(reply) = self.tap.received(raw)
                {
                    return Ok(StreamableHttpPostResponse::Json(reply, new_session));
                }
            } else {
                // Unread, so the probe below does not wait on this connection.
                drop(response);
            }
            // A legacy HTTP+SSE endpoint takes no POST: say so rather than give a bare status.
            let failure =
                if matches!(status, StatusCode::NOT_FOUND | StatusCode::METHOD_NOT_ALLOWED)
                    && session_id.is_none()
                    && self.serves_event_stream(&uri).await
                {
                    LiveError::WrongTransport { status: status.as_u16(), legacy: true }
                } else {
                    self.status_failure(status)
                };
            return Err(unexpected(&self.tap.fail(failure)));
        }
        if !awaits_reply || matches!(status, StatusCode::ACCEPTED | StatusCode::NO_CONTENT) {
            return Ok(StreamableHttpPostResponse::Accepted);
        }
        match media_type.as_str() {
            EVENT_STREAM => {
                Ok(StreamableHttpPostResponse::Sse(self.rmcp_events(response), new_session))
            }
            JSON => {
                let body =
                    self.read_body(response).await.map_err(|failure| unexpected(&failure))?;
                let text = String::from_utf8(body).map_err(|_| {
                    unexpected(&self.tap.fail(LiveError::Failed(
                        "server sent a reply that is not UTF-8".to_string(),
                    )))
                })?;
                let reply =
                    self.tap.received_text(&text).map_err(|failure| unexpected(&failure))?;
                Ok(StreamableHttpPostResponse::Json(reply, new_session))
            }
            other => {
                let failure = LiveError::Failed(format!(
                    "server answered with {}, neither JSON nor an event stream",
                    if other.is_empty() { "no content type".to_string() } else { quote(other) }
                ));
                Err(unexpected(&self.tap.fail(failure)))
            }
        }
    }

    async fn delete_session(
        &self,
        uri: Arc<str>,
        session_id: Arc<str>,
        _auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<(), Failure> {
        let request =
            self.protocol_request(Method::DELETE, &uri, JSON, Some(&session_id), custom_headers);
        // Closing is a courtesy; a server that refuses it has still been scanned.
        let _ = request.send().await;
        Ok(())
    }

    async fn get_stream(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        _auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<BoxStream<'static, Result<Sse, SseError>>, Failure> {
        let mut request = self.protocol_request(
            Method::GET,
            &uri,
            EVENT_STREAM,
            session_id.as_deref(),
            custom_headers,
        );
        if let Some(last_event_id) = last_event_id {
            request = request.header(LAST_EVENT_ID, last_event_id);
        }
        // The server's own stream is optional: a server without one has still answered every
        // request on its POST responses, so a refusal here is not a failure of the scan.
        let response = request.send().await.map_err(StreamableHttpError::Client)?;
        if response.status() == StatusCode::METHOD_NOT_ALLOWED {
            return Err(StreamableHttpError::ServerDoesNotSupportSse);
        }
        if !response.status().is_success() || media_type(&response) != EVENT_STREAM {
            return Err(StreamableHttpError::UnexpectedServerResponse(
                format!("HTTP {} on the server's event stream", response.status().as_u16()).into(),
            ));
        }
        Ok(self.rmcp_events(response))
    }

    async fn get_stream_with_max_sse_event_size(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        _max_sse_event_size: usize,
    ) -> Result<BoxStream<'static, Result<Sse, SseError>>, Failure> {
        self.get_stream(uri, session_id, last_event_id, auth_header, custom_headers).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(chunks: &[&[u8]], cap: usize) -> Result<Vec<Event>, LiveError> {
        let mut decoder = EventDecoder::new(cap);
        let mut out = Vec::new();
        for chunk in chunks {
            decoder.feed(chunk, &mut out)?;
        }
        decoder.finish(&mut out);
        Ok(out)
    }

    #[test]
    fn a_character_split_between_chunks_is_joined() {
        let text = "data: é\n\n".as_bytes();
        let events = decode(&[&text[..7], &text[7..]], 100).expect("valid");
        assert_eq!(events.len(), 1);
        assert_eq!(events[0].data, "é");
    }

    #[test]
    fn an_event_over_the_cap_is_refused() {
        let failure = decode(&[b"data: ", &[b'x'; 64], &[b'x'; 64]], 100).expect_err("too big");
        assert_eq!(
            failure.to_string(),
            "server sent a message larger than 100 bytes, the most rune reads of one message"
        );
        // The count starts again with each event.
        let line = format!("data: {}", "x".repeat(60));
        let chunks: [&[u8]; 4] = [line.as_bytes(), b"\n\n", line.as_bytes(), b"\n\n"];
        assert_eq!(decode(&chunks, 100).expect("each event fits").len(), 2);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_refused() {
        assert!(decode(&[b"data: \xff\xfe\n\n"], 100).is_err());
    }

    #[test]
    fn header_values_are_never_quoted() {
        let failure = header_map(&[("X-Key".into(), "sec\nret".into())]).expect_err("bad");
        assert_eq!(failure.to_string(), "header 'X-Key' cannot be sent over HTTP");
        let map = header_map(&[("Authorization".into(), "Bearer t0ken".into())]).expect("ok");
        assert!(!format!("{map:?}").contains("t0ken"));
    }
}
