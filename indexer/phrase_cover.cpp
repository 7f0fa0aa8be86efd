// PhraseCover: the positional term sequence of a document's section texts, and
// a contiguous-subsequence test against it (indexer/phrase_cover.hpp).
#include "indexer/phrase_cover.hpp"

#include <algorithm>
#include <utility>

namespace cvsearch::indexing {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

/// True when Xapian's TermGenerator splits `text` into exactly the words
/// Analyzer::tokenize finds: no + # & or apostrophe anywhere, no . or , with
/// a non-space on both sides (numbers, acronyms).
bool plain_words(std::string_view text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '+' || c == '#' || c == '&' || c == '\'') return false;
        if ((c == '.' || c == ',') && i > 0 && i + 1 < text.size() && !is_space(text[i - 1]) && !is_space(text[i + 1]))
            return false;
        if (static_cast<unsigned char>(c) == 0xE2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
            static_cast<unsigned char>(text[i + 2]) == 0x99)
            return false;  // U+2019, the typographic apostrophe
    }
    return true;
}

}  // namespace

PhraseCover::PhraseCover(const analysis::Analyzer& analyzer) : analyzer_(analyzer) {
    scratch_.set_stemming_strategy(Xapian::TermGenerator::STEM_NONE);
}

void PhraseCover::reset(const Xapian::Document& doc) {
    ids_.clear();
    sequence_.clear();
    first_at_.assign(1, 0);
    at_.clear();
    for (auto t = doc.termlist_begin(); t != doc.termlist_end(); ++t) {
        if (t.positionlist_count() == 0) continue;
        const auto id = static_cast<std::int32_t>(ids_.size());
        ids_.emplace(*t, id);
        for (auto p = t.positionlist_begin(); p != t.positionlist_end(); ++p) {  // ascending
            if (*p >= sequence_.size()) sequence_.resize(static_cast<std::size_t>(*p) + 1, -1);
            sequence_[*p] = id;
            at_.push_back(*p);
        }
        first_at_.push_back(static_cast<std::uint32_t>(at_.size()));
    }
}

bool PhraseCover::ids_of(std::string_view text, std::vector<std::int32_t>& out) {
    out.clear();
    auto add = [&](const std::string& term) {
        auto it = ids_.find(term);
        if (it == ids_.end()) return false;
        out.push_back(it->second);
        return true;
    };
    if (plain_words(text)) {
        for (const auto& token : analyzer_.tokenize(text))
            if (!token.compound && !add(token.term)) return false;
        return true;
    }
    // The exact way: Xapian's own words, in position order.
    Xapian::Document scratch;
    scratch_.set_document(scratch);
    scratch_.set_termpos(0);
    scratch_.index_text(analyzer_.prepare(text));
    std::vector<std::pair<Xapian::termpos, std::string>> at;
    for (auto t = scratch.termlist_begin(); t != scratch.termlist_end(); ++t)
        for (auto p = t.positionlist_begin(); p != t.positionlist_end(); ++p) at.emplace_back(*p, *t);
    std::sort(at.begin(), at.end());
    for (const auto& [pos, term] : at)
        if (!add(term)) return false;
    return true;
}

bool PhraseCover::covers(std::string_view text) {
    if (sequence_.empty() || !ids_of(text, wanted_)) return false;
    if (wanted_.size() < 2) return true;  // no phrase fits in one word (or none)
    // Anchor on the rarest word: each of its positions p says where the field
    // would start (p - offset); compare the field there.
    auto occurrences = [&](std::int32_t id) { return first_at_[id + 1] - first_at_[id]; };
    std::size_t anchor = 0;
    for (std::size_t i = 1; i < wanted_.size(); ++i)
        if (occurrences(wanted_[i]) < occurrences(wanted_[anchor])) anchor = i;
    const std::int32_t id = wanted_[anchor];
    const std::uint32_t end = std::min<std::uint32_t>(first_at_[id + 1], first_at_[id] + max_anchor_tries);
    for (std::uint32_t k = first_at_[id]; k < end; ++k) {
        if (at_[k] < anchor) continue;
        const std::size_t start = at_[k] - anchor;
        if (start + wanted_.size() > sequence_.size()) break;  // positions ascend: no later start fits either
        if (std::equal(wanted_.begin(), wanted_.end(), sequence_.begin() + static_cast<std::ptrdiff_t>(start)))
            return true;
    }
    return false;
}

}  // namespace cvsearch::indexing
