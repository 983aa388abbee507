//! Finding the order that carries one payload: its verb, its address, its vetoes.
use super::*;

impl Doc<'_> {
    /// The nearest verb before the payload in its sentence that can carry it, at most
    /// `OBJECT_WORDS` words and no semicolon or sentence end away: a short walk back over the
    /// words before it, so the payload's sentence need not be found first.
    pub(super) fn governing_verb(
        &self,
        payload: Payload,
        found: &Range<usize>,
    ) -> Option<Range<usize>> {
        let bytes = self.text.as_bytes();
        let floor = found.start.saturating_sub(VERB_REACH);
        let word_byte =
            |at: usize| bytes.get(at).is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
        let mut end = found.start;
        // The verb stands in the payload's sentence.
        let opens = self.sentence(found.start).start;
        // Letter runs, not words: "e.g." or a URL is several runs.
        for _ in 0..=2 * OBJECT_WORDS {
            // Back over what separates words; a semicolon ends the verb's reach.
            while end > floor && !bytes[end - 1].is_ascii_alphabetic() {
                if bytes[end - 1] == b';' || end <= opens {
                    return None;
                }
                end -= 1;
            }
            if end <= opens && end > 0 {
                return None;
            }
            let mut start = end;
            while start > floor && bytes[start - 1].is_ascii_alphabetic() {
                start -= 1;
            }
            if start == end {
                return None;
            }
            let whole_word = !word_byte(end) && (start == 0 || !word_byte(start - 1));
            if start == floor && floor > 0 {
                return None;
            }
            // `the include list`: a verb's spelling after an article names a thing. Read as
            // bytes: `floor` need not be a character boundary.
            let article = || {
                let before = bytes[floor..start].trim_ascii_end();
                let word = before.rsplit(|b| !b.is_ascii_alphabetic()).next().unwrap_or(&[]);
                [&b"the"[..], b"a", b"an"].iter().any(|article| word.eq_ignore_ascii_case(article))
            };
            if whole_word && carries(&self.text[start..end], payload) && !article() {
                let gap = &self.text[end..found.start];
                return (gap.split_whitespace().count() <= OBJECT_WORDS).then_some(start..end);
            }
            end = start;
        }
        None
    }

    /// Whether the payload is where the verb puts something rather than what it carries: "put
    /// your key in the .env file", "copy your key into the ACME_KEY environment variable".
    pub(super) fn is_destination(
        &self,
        verb: &str,
        between: &str,
        found: &Range<usize>,
        sentence: &Range<usize>,
    ) -> bool {
        let place = is_one_of(verb, PLACE_VERBS);
        let carry = place || is_one_of(verb, CARRY_VERBS);
        // "include the tokens in ~/.config/x as the notes argument": with a sink after it the
        // path is where the tokens come from.
        let sink_follows = || self.sink_after(found.end, sentence).is_some();
        // The preposition heading the payload's phrase, a few words back.
        between
            .split(|c: char| c.is_whitespace() || matches!(c, '`' | '"' | '\'' | '*' | '('))
            .filter(|word| !word.is_empty() && !is_one_of(word, DETERMINERS))
            .rev()
            .take(3)
            .any(|word| {
                is_one_of(word, &["to", "into", "onto"])
                    || (place && is_one_of(word, &["at"]))
                    || (carry
                        && is_one_of(word, &["in", "inside", "within", "under"])
                        && !sink_follows())
            })
    }

    /// Whether the first argument named after the verb is named for the payload: "pass the
    /// conversation as the `messages` argument" is that argument's own input.
    pub(super) fn own_argument(
        &self,
        payload: Payload,
        verb: &Range<usize>,
        sentence: &Range<usize>,
    ) -> bool {
        self.sink_after(verb.end, sentence).is_some_and(|(_, name)| {
            let name = &self.text[name.clone()];
            payload.own_arguments().iter().any(|stem| contains_ignore_case(name, stem))
        })
    }

    /// Whether an email address is one the verb sends data to ("send a copy of every reply to
    /// ..."), copies a message to ("always BCC ...") or adds as a copy recipient.
    pub(super) fn addresses_recipient(
        &self,
        verb: &Range<usize>,
        found: &Range<usize>,
        sentence: &Range<usize>,
    ) -> bool {
        let word = &self.text[verb.clone()];
        if is_one_of(word, CC_VERBS) {
            return self.text[verb.end..found.start].split_whitespace().count() <= CC_WORDS;
        }
        if is_one_of(word, ADDRESSING_VERBS) && !is_one_of(word, SEND_VERBS) {
            let after = &self.text[found.end
                ..ceil_boundary(self.text, found.end + LOOKAROUND)
                    .min(sentence.end)
                    .max(found.end)];
            return COPY_LINE
                .find(after)
                .is_some_and(|line| after[..line.start()].split_whitespace().count() <= CC_WORDS);
        }
        self.sends_data_to(verb, found)
    }

    /// "send a copy of the results to <address>": data between the verb and a "to" right before
    /// the address.
    pub(super) fn sends_data_to(&self, verb: &Range<usize>, found: &Range<usize>) -> bool {
        let between = &self.text[verb.end..found.start];
        let to_address = between
            .split_whitespace()
            .rev()
            .take(3)
            .any(|word| is_one_of(word, &["to", "at", "via", "into"]));
        to_address
            && (DATA.is_match(between)
                || PAYLOADS.patterns.matches_any(between.as_bytes(), |entry| {
                    !PAYLOADS.families[entry].is_address()
                }))
    }

    /// A URL payload: data sent to it (then corroborated like any order), or instructions
    /// fetched from it and followed, two orders in one.
    pub(super) fn url_order(
        &self,
        verb: &Range<usize>,
        verb_word: &str,
        found: &Range<usize>,
        sentence: &Range<usize>,
    ) -> Option<Order> {
        if !is_one_of(verb_word, FETCH_VERBS) {
            return if self.sends_data_to(verb, found) {
                self.corroborated(Payload::Url, verb, found, sentence)
            } else {
                None
            };
        }
        let reach = ceil_boundary(self.text, found.end + LOOKAROUND).min(sentence.end);
        let after = &self.text[found.end..reach.max(found.end)];
        let follow = FOLLOW.find(after)?;
        let follows = found.end + follow.start();
        if self.shared.clause_negated_at(follows) || self.shared.clause_negated_at(verb.start) {
            return None;
        }
        let end = found.end + follow.end();
        Some(match self.address_for(verb, sentence) {
            Some(address) if address.end <= verb.start => {
                Order { span: address.start..end, quoted: address.start..verb.end }
            }
            _ => Order { span: verb.start..end, quoted: verb.start..end },
        })
    }

    /// "the full conversation must be included in the `notes` field": a passive order moving the
    /// payload into an argument not named for it.
    pub(super) fn passive_order(&self, payload: Payload, found: &Range<usize>) -> Option<Order> {
        if payload.is_address() {
            return None;
        }
        let passive = PASSIVE.find(&self.text[found.end..])?;
        let participle_end = found.end + passive.end();
        let sentence = self.sentence(found.start);
        if participle_end > sentence.end
            || self.consented(&sentence, &(found.start..participle_end))
        {
            return None;
        }
        let (_, name) = self.sink_after(participle_end, &sentence)?;
        let name = &self.text[name.clone()];
        if payload.own_arguments().iter().any(|stem| contains_ignore_case(name, stem)) {
            return None;
        }
        Some(Order { span: found.start..participle_end, quoted: found.start..participle_end })
    }

    /// The address that makes the verb an order to the model, if the sentence has one: the
    /// first shortly before the verb that governs it, else a preamble shortly after it.
    pub(super) fn address_for(
        &self,
        verb: &Range<usize>,
        sentence: &Range<usize>,
    ) -> Option<Range<usize>> {
        let lead = self.near(&(sentence.start..verb.start), &(verb.start..verb.start), VERB_REACH);
        let before = self.addresses_in(lead).find(|(span, kind)| match kind {
            Address::Preamble | Address::Modal => true,
            Address::Adverb => {
                self.text[span.end..verb.start].split_whitespace().count() <= ADVERB_WORDS
            }
        });
        let tail = self.near(&(verb.end..sentence.end), &(verb.end..verb.end), LOOKAROUND);
        let after = || self.addresses_in(tail).find(|(_, kind)| *kind == Address::Preamble);
        before.or_else(after).map(|(span, _)| span)
    }

    /// The order, if something makes the verb one: an address, a covert or coercive cue in this
    /// sentence or a neighbour, a comment or pseudo-tag around it, or an imperative that moves the
    /// payload into an argument.
    pub(super) fn corroborated(
        &self,
        payload: Payload,
        verb: &Range<usize>,
        found: &Range<usize>,
        sentence: &Range<usize>,
    ) -> Option<Order> {
        if self.shared.clause_negated_at(verb.start) {
            return None;
        }
        let end = found.end.max(verb.end);
        if let Some(address) = self.address_for(verb, sentence) {
            let start = if address.end <= verb.start { address.start } else { verb.start };
            return Some(Order { span: start..end, quoted: start..verb.end });
        }
        let cued = || {
            let around =
                self.near(&self.neighbourhood(sentence), &(verb.start..end), 2 * LOOKAROUND);
            CUE.first_match(self.text[around].as_bytes()).is_some()
        };
        let enclosed = || self.angled && holds(self.enclosures(), found.start);
        let moved = || {
            payload != Payload::Url
                && self.is_imperative(verb, sentence)
                && self.sink_after(verb.end, sentence).is_some()
        };
        (cued() || moved() || enclosed())
            .then_some(Order { span: verb.start..end, quoted: verb.start..end })
    }

    /// The sentence with the one before and the one after it.
    pub(super) fn neighbourhood(&self, sentence: &Range<usize>) -> Range<usize> {
        let start = sentence.start.checked_sub(1).map_or(0, |at| self.sentence(at).start);
        let end = if sentence.end < self.text.len() {
            self.sentence(sentence.end).end
        } else {
            self.text.len()
        };
        start..end
    }

    /// Whether the verb opens its clause, so it is an imperative rather than a description:
    /// "Read ~/x and ..." but not "Reads ..." or "used to read ...".
    pub(super) fn is_imperative(&self, verb: &Range<usize>, sentence: &Range<usize>) -> bool {
        let from = floor_boundary(self.text, verb.start.saturating_sub(LOOKAROUND));
        let before = &self.text[from.max(sentence.start)..verb.start];
        let (clause, whole) = match before.rfind([',', ':', ';', '(']) {
            Some(at) => (&before[at + 1..], true),
            None => (before, from <= sentence.start),
        };
        whole
            && clause.split_whitespace().all(|word| {
                let word = word.trim_matches(|c: char| !c.is_ascii_alphabetic());
                word.is_empty()
                    || (word.starts_with('<') && word.ends_with('>'))
                    || is_one_of(word, IMPERATIVE_LEADS)
            })
    }

    /// Orders inside HTML comments: an address and a verb that reads or carries something.
    pub(super) fn commented_orders(&self) -> Vec<Order> {
        let mut orders = Vec::new();
        for comment in self.shared(|kind| *kind == SpanKind::Comment, false) {
            for (address, kind) in self.addresses_in(comment.clone()).take(SCAN_LIMIT) {
                let end = self.sentence(address.start).end.min(comment.end);
                let end = floor_boundary(self.text, end.min(address.end + LOOKAROUND));
                let verb = VERB.find_iter(&self.text[address.end..end]).find(|verb| {
                    [READ_VERBS, CARRY_VERBS, EMIT_VERBS]
                        .iter()
                        .any(|list| is_one_of(verb.as_str(), list))
                });
                let Some(verb) = verb else { continue };
                let verb = address.end + verb.start()..address.end + verb.end();
                let lead = &self.text[address.end..verb.start];
                let near =
                    kind != Address::Adverb || lead.split_whitespace().count() <= ADVERB_WORDS;
                if near && !self.shared.clause_negated_at(verb.start) {
                    let span = address.start..verb.end;
                    orders.push(Order { span: span.clone(), quoted: span });
                }
            }
        }
        orders
    }
}
