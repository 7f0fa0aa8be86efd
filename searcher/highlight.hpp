// searcher/highlight.hpp — which words of a profile matched, as byte spans.
//
// Our own highlighter over the stored profile rather than MSet::snippet: it
// tokenizes each field exactly like the index (Analyzer::tokenize), compares the
// folded words with the query's atoms (searcher/query_text.hpp), and so gives
// byte offsets into the original text, per field, with no Xapian round trip.
//
// What matches an atom:
//   a word         a token with the same folded form or the same stem
//                  ("tolerant" marks "tolerance", "zurich" marks "Zürich");
//                  for a compound query word also the joined compound
//   a phrase       consecutive tokens with exactly these folded words, one span
//   a wildcard     tokens starting with the prefix
//   a synonym      any form of the same concept ("ml" marks "machine learning")
// A field-prefixed atom (title:raft) only marks its own field; excluded atoms
// (NOT, -) never mark anything. Spans that touch (only spaces or hyphens in
// between) are merged, so "fault tolerance" is one span.
//
// Fragments: each source (a publication title, the interests, a section, ...)
// is one candidate; long texts are cut to a window of about fragment_bytes
// around the best cluster of matches, at word boundaries, with "…" marking the
// cut. Candidates are ranked by distinct atoms matched, number of spans and a
// per-field weight (titles and interests first, sections last).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cvsearch/searcher.hpp"
#include "vocabulary/analyzer.hpp"
#include "searcher/query_text.hpp"

namespace cvsearch::search {

/// A text of a profile that may be shown as a fragment.
struct HighlightSource {
    std::string field;        ///< Highlight::field
    std::string query_field;  ///< the query field that targets it ("title", "interest", ...), or ""
    std::string text;
    double weight = 1.0;
    /// For a section that repeats a structured field ("title" for the
    /// publications section, "interests", "skills"): that field. Such a section
    /// is not shown next to a fragment of the field it repeats.
    std::string repeats = {};
};

/// Every displayable text of a profile, in display priority order.
std::vector<HighlightSource> highlight_sources(const Profile& profile);

/// Word -> stem for highlighting, kept from one request to the next by a
/// searcher context (which serves one request at a time): most words of CVs
/// recur from request to request. With a cache per request, Xapian::Stem was
/// 1.4 % of the bench's query instructions at 100,000 profiles; kept across
/// requests, highlighting takes 15 % fewer (callgrind, bench/README.md).
/// Not thread-safe. Bounded: a Highlighter constructed on a cache that holds
/// more than `max_words` words empties it first (never while a request holds
/// references into it).
class StemCache {
  public:
    explicit StemCache(std::size_t max_words = 100'000) : max_words_(max_words) {}
    /// The stem of `word` (a folded word, as Analyzer::tokenize gives it).
    const std::string& stem(const analysis::Analyzer& analyzer, const std::string& word);
    /// Empties the cache when it is over its bound (at the start of a request).
    void trim() {
        if (map_.size() > max_words_) map_.clear();
    }
    std::size_t size() const noexcept { return map_.size(); }

  private:
    std::unordered_map<std::string, std::string> map_;  // node-based: references stay valid until trim()
    std::size_t max_words_;
};

class Highlighter {
  public:
    /// `stems`: a cache shared with earlier requests (trimmed here), or null
    /// for one of this Highlighter's own. The analyzer and the cache must
    /// outlive the Highlighter.
    Highlighter(const analysis::Analyzer& analyzer, std::vector<QueryAtom> atoms, StemCache* stems = nullptr);
    Highlighter(const Highlighter&) = delete;
    Highlighter& operator=(const Highlighter&) = delete;

    /// Spans of `text` matched by the atoms that apply to `query_field`.
    std::vector<HighlightSpan> spans(std::string_view text, std::string_view query_field) const;

    /// Up to options.max_fragments fragments of the profile, best first.
    std::vector<Highlight> highlight(const Profile& profile, const HighlightOptions& options) const;

    /// True when there is nothing to highlight (no positive atom).
    bool empty() const noexcept { return atoms_.empty(); }

    /// highlight() skips sources that cannot change its fragments (see there).
    /// Off tokenizes every source: for the tests that check the fragments are
    /// the same either way.
    void skip_unreachable_sources(bool on) noexcept { skip_unreachable_ = on; }
    /// Bytes of text highlight() tokenized so far (tests: that skipping saves work).
    std::size_t bytes_tokenized() const noexcept { return bytes_tokenized_; }

  private:
    struct Match {
        std::size_t begin, end;
        std::uint64_t atoms;  ///< bit i = atom i
    };
    std::vector<Match> matches(std::string_view text, std::string_view query_field) const;

    const analysis::Analyzer& analyzer_;
    std::vector<QueryAtom> atoms_;
    std::vector<std::string> stems_;                  ///< per atom: stem of a one-word atom
    std::vector<std::vector<std::string>> concepts_;  ///< per atom: its synonym concepts
    /// Word -> stem, shared by the hits of one request at least (stemming every
    /// word of every hit was a fifth of a full query). Makes a Highlighter
    /// single-threaded.
    mutable StemCache own_stems_;
    StemCache* stems_cache_;
    bool skip_unreachable_ = true;
    mutable std::size_t bytes_tokenized_ = 0;
};

/// Cuts `text` to about `max_bytes` around the best cluster of `spans` (on
/// UTF-8 and, where possible, word boundaries), adds "…" where cut, and shifts
/// the spans. Exposed for tests.
Highlight make_fragment(std::string field, std::string_view text, const std::vector<HighlightSpan>& spans,
                        std::size_t max_bytes);

}  // namespace cvsearch::search
