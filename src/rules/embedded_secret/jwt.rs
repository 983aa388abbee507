//! Signed JWTs, bearer tokens by their structure.

use super::gate::{PUBLISHED_SAMPLES, is_placeholder, looks_random};
use super::{KEEP_EXTRA, message};
use crate::json::{self, Value};
use crate::rules::Hit;
use crate::rules::decode::decode_base64;

/// A signed JWT: a header that decodes to a JSON object naming a real algorithm, a payload
/// that decodes to a JSON object, and a random signature.
pub(super) fn jwt_hit(raw: &str, start: usize, end: usize) -> Option<Hit> {
    let token = &raw[start..end];
    if raw.as_bytes().get(end) == Some(&b'.') {
        return None;
    }
    let mut parts = token.split('.');
    let (header, payload, signature) = (parts.next()?, parts.next()?, parts.next()?);
    let header = decode_json(header)?;
    let algorithm = header.get("alg")?.as_str()?;
    let payload = decode_json(payload)?;
    // A Supabase anon key is a JWT published on purpose, in every client of the project.
    let public = payload.get("role").and_then(Value::as_str) == Some("anon");
    // jwt.io's sample claims: its sample token, even with its signature copied wrong.
    let claim = |name: &str| payload.get(name).and_then(Value::as_str);
    let sample = claim("sub") == Some("1234567890") && claim("name") == Some("John Doe");
    if algorithm.eq_ignore_ascii_case("none")
        || public
        || sample
        || PUBLISHED_SAMPLES.contains(&signature)
        || is_placeholder(signature)
        || !looks_random(signature, 64)
    {
        return None;
    }
    Some(Hit::new(start, end, message("a signed JWT (a bearer token)")).redacted(3 + KEEP_EXTRA))
}

/// The JSON object a base64url segment decodes to.
fn decode_json(segment: &str) -> Option<Value> {
    let text = String::from_utf8(decode_base64(segment)?).ok()?;
    let value = json::parse(&text).ok()?;
    value.as_object().is_some().then_some(value)
}

#[cfg(test)]
mod tests {
    use crate::rules::embedded_secret::test_support::*;

    fn base64url_of(text: &str) -> String {
        const TABLE: &[u8] = BASE64URL.as_bytes();
        let bytes = text.as_bytes();
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let n =
                chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
            for i in 0..=chunk.len() {
                out.push(TABLE[((n >> (18 - 6 * i)) & 63) as usize] as char);
            }
        }
        out
    }

    fn jwt(header: &str, payload: &str, signature: &str) -> String {
        format!("{}.{}.{signature}", base64url_of(header), base64url_of(payload))
    }

    #[test]
    fn a_signed_jwt_fires_and_keeps_a_short_prefix() {
        let token = jwt(
            r#"{"alg":"HS256","typ":"JWT"}"#,
            r#"{"sub":"svc-ingest","iat":1716239022}"#,
            &random(BASE64URL, 43, 100),
        );
        let input = format!("Authorization: Bearer {token}");
        let found = found(&input);
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].0.as_str(), found[0].3), (token.as_str(), Some(5)));
    }

    #[test]
    fn a_token_with_a_subject_of_its_own_under_the_sample_name_fires() {
        let token = jwt(
            r#"{"alg":"HS256","typ":"JWT"}"#,
            r#"{"sub":"svc-billing","name":"John Doe","iat":1716239022}"#,
            &random(BASE64URL, 43, 102),
        );
        assert_eq!(found(&token).len(), 1);
    }

    #[test]
    fn jwts_that_are_no_credential_are_quiet() {
        let signature = random(BASE64URL, 43, 101);
        // jwt.io's sample token.
        quiet(&jwt(
            r#"{"alg":"HS256","typ":"JWT"}"#,
            r#"{"sub":"1234567890","name":"John Doe","iat":1516239022}"#,
            "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        ));
        // Its claims under a signature copied wrong, as documentation retyped from memory does.
        quiet(&jwt(
            r#"{"alg":"HS256","typ":"JWT"}"#,
            r#"{"sub":"1234567890","name":"John Doe","iat":1516239022}"#,
            &signature,
        ));
        // Unsigned, a Supabase anon key, no algorithm, a payload that is not an object.
        quiet(&jwt(r#"{"alg":"none"}"#, r#"{"sub":"a"}"#, &signature));
        quiet(&jwt(
            r#"{"alg":"HS256","typ":"JWT"}"#,
            r#"{"iss":"supabase","role":"anon"}"#,
            &signature,
        ));
        quiet(&jwt(r#"{"typ":"JWT","kid":"k1"}"#, r#"{"sub":"a"}"#, &signature));
        quiet(&jwt(r#"{"alg":"HS256"}"#, r#""just a string""#, &signature));
        quiet(&jwt(r#"{"alg":"HS256"}"#, r#"{"sub":"a"}"#, "signaturesignaturesignature"));
    }
}
