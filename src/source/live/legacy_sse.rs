//! The legacy HTTP+SSE transport (MCP 2024-11-05), which rmcp dropped in 0.11: one GET opens
//! an event stream whose first `endpoint` event names the URL to POST messages to, and every
//! reply arrives as a `message` event on that stream.

use super::LiveError;
use super::http::HttpClient;
use super::origin::Origin;
use super::tap::Tap;
use futures::StreamExt;
use reqwest::{Method, Url, header};
use rmcp::service::{RoleClient, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use std::sync::Arc;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

/// Messages read off the stream and not yet taken by rmcp.
const BACKLOG: usize = 16;

pub(super) struct LegacySse {
    client: HttpClient,
    /// Where to POST, once the stream has said.
    endpoint: watch::Receiver<Option<Url>>,
    incoming: mpsc::Receiver<RxJsonRpcMessage<RoleClient>>,
    reader: JoinHandle<()>,
}

impl LegacySse {
    /// Opens the event stream and starts reading it.
    pub(super) async fn connect(
        url: &Url,
        client: HttpClient,
        tap: &Arc<Tap>,
    ) -> Result<LegacySse, LiveError> {
        let request = client
            .request(Method::GET, url.as_str())
            .header(header::ACCEPT, "text/event-stream")
            .header(header::CACHE_CONTROL, "no-cache");
        let response = client.send(request).await?;
        let status = response.status();
        if !status.is_success() {
            // A Streamable HTTP endpoint refuses a GET without a session (400), or any GET
            // (405), or one that only accepts an event stream (406).
            let failure = match status.as_u16() {
                status @ (400 | 405 | 406) => LiveError::WrongTransport { status, legacy: false },
                _ => client.status_failure(status),
            };
            return Err(tap.fail(failure));
        }
        let media_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_ascii_lowercase();
        if !media_type.starts_with("text/event-stream") {
            return Err(tap.fail(LiveError::Failed(
                "the --sse URL did not answer with an event stream; if the server speaks \
                 Streamable HTTP, scan it with --http"
                    .to_string(),
            )));
        }
        // The endpoint is resolved against, and held to the origin of, where the stream
        // actually came from (a redirect there was already checked against the lock).
        let base = response.url().clone();
        let home = Origin::of(&base);
        let (endpoint_tx, endpoint) = watch::channel(None);
        let (incoming_tx, incoming) = mpsc::channel(BACKLOG);
        let mut events = client.events(response);
        let tap = Arc::clone(tap);
        let reader = tokio::spawn(async move {
            while let Some(event) = events.next().await {
                match event.name.as_str() {
                    "endpoint" if endpoint_tx.borrow().is_none() => {
                        match resolve_endpoint(&base, &home, &event.data) {
                            Ok(url) => {
                                endpoint_tx.send_replace(Some(url));
                            }
                            Err(failure) => {
                                tap.fail(failure);
                                return;
                            }
                        }
                    }
                    "message" => {
                        let Ok(message) = tap.received_text(&event.data) else { return };
                        if incoming_tx.send(message).await.is_err() {
                            return;
                        }
                    }
                    // Pings and anything else a server invents.
                    _ => {}
                }
            }
            tap.fail(LiveError::Failed(
                "the server closed its event stream before the scan finished".to_string(),
            ));
        });
        Ok(LegacySse { client, endpoint, incoming, reader })
    }
}

/// The POST URL an `endpoint` event names, which must stay on the stream's origin: a scan's
/// requests (and its headers) go nowhere the user did not point rune at.
fn resolve_endpoint(base: &Url, home: &Origin, data: &str) -> Result<Url, LiveError> {
    let endpoint = base.join(data.trim()).map_err(|error| {
        LiveError::Failed(format!(
            "the event stream named a message endpoint that is not a URL ({error})"
        ))
    })?;
    let origin = Origin::of(&endpoint);
    if origin != *home {
        return Err(LiveError::Failed(format!(
            "the event stream named {origin}, a different origin, as the place to send \
             messages; rune only sends a scan's requests to the origin it was pointed at"
        )));
    }
    Ok(endpoint)
}

impl Drop for LegacySse {
    fn drop(&mut self) {
        self.reader.abort();
    }
}

impl Transport<RoleClient> for LegacySse {
    type Error = LiveError;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), LiveError>> + Send + 'static {
        let client = self.client.clone();
        let mut endpoint = self.endpoint.clone();
        async move {
            let url = endpoint
                .wait_for(Option::is_some)
                .await
                .map_err(|_| {
                    LiveError::Failed("the event stream ended before naming an endpoint".into())
                })?
                .clone()
                .ok_or_else(|| LiveError::Failed("no endpoint".into()))?;
            let body = serde_json::to_vec(&item)
                .map_err(|error| LiveError::Failed(format!("cannot encode a request: {error}")))?;
            let request = client
                .request(Method::POST, url.as_str())
                .header(header::CONTENT_TYPE, "application/json")
                .body(body);
            let response = client.send(request).await?;
            let status = response.status();
            if !status.is_success() {
                return Err(client.fail(client.status_failure(status)));
            }
            Ok(())
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleClient>> {
        self.incoming.recv().await
    }

    async fn close(&mut self) -> Result<(), LiveError> {
        self.reader.abort();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(text: &str) -> Url {
        Url::parse(text).expect("valid")
    }

    #[test]
    fn the_endpoint_resolves_against_the_stream_url() {
        let base = url("http://127.0.0.1:9/sse?x=1");
        let home = Origin::of(&base);
        let endpoint = resolve_endpoint(&base, &home, " /messages?sessionId=abc\n").expect("ok");
        assert_eq!(endpoint.as_str(), "http://127.0.0.1:9/messages?sessionId=abc");
        let relative = resolve_endpoint(&base, &home, "message?s=1").expect("ok");
        assert_eq!(relative.as_str(), "http://127.0.0.1:9/message?s=1");
    }

    #[test]
    fn an_endpoint_on_another_origin_is_refused() {
        let base = url("http://127.0.0.1:9/sse");
        let failure = resolve_endpoint(&base, &Origin::of(&base), "http://127.0.0.1:10/messages")
            .expect_err("foreign");
        assert_eq!(
            failure.to_string(),
            "the event stream named http://127.0.0.1:10, a different origin, as the place to \
             send messages; rune only sends a scan's requests to the origin it was pointed at"
        );
    }
}
