#include "searcher/highlight.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <optional>
#include <set>

namespace cvsearch::search {
namespace {

constexpr std::string_view ellipsis = "\xE2\x80\xA6";  // …
constexpr std::size_t max_atoms = 64;

bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }
bool is_blank(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
    std::string out;
    for (const auto& p : parts) {
        if (p.empty()) continue;
        if (!out.empty()) out += sep;
        out += p;
    }
    return out;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

struct Window {
    std::size_t begin = 0, end = 0;
};

/// The best window of about max_bytes: the one holding the most spans.
Window choose_window(std::string_view text, const std::vector<HighlightSpan>& spans, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return {0, text.size()};
    auto make = [&](std::size_t anchor, std::size_t anchor_end) {
        std::size_t lead = std::min<std::size_t>(max_bytes / 4, 40);
        std::size_t ws = anchor > lead ? anchor - lead : 0;
        if (ws > 0) {  // start at a word
            std::size_t sp = ws;
            while (sp < anchor && !is_blank(text[sp])) ++sp;
            ws = sp < anchor ? sp + 1 : anchor;
        }
        while (ws < anchor && is_continuation(text[ws])) ++ws;
        std::size_t we = std::min(text.size(), ws + max_bytes);
        if (we < text.size()) {  // end at a word
            std::size_t sp = we;
            while (sp > anchor_end && !is_blank(text[sp])) --sp;
            if (sp > anchor_end) we = sp;
            while (we > ws && we < text.size() && is_continuation(text[we])) --we;
        }
        if (we < anchor_end) we = anchor_end;
        return Window{ws, we};
    };
    if (spans.empty()) return make(0, 0);
    Window best = make(spans.front().begin, spans.front().end);
    std::size_t best_count = 0;
    for (const auto& s : spans) {
        Window w = make(s.begin, s.end);
        std::size_t count = 0;
        for (const auto& t : spans)
            if (t.begin >= w.begin && t.end <= w.end) ++count;
        if (count > best_count) {
            best = w;
            best_count = count;
        }
    }
    return best;
}

Highlight cut(std::string field, std::string_view text, const std::vector<HighlightSpan>& spans, Window w) {
    Highlight h;
    h.field = std::move(field);
    const bool cut_start = w.begin > 0, cut_end = w.end < text.size();
    // Trim blanks at the cut edges.
    while (w.begin < w.end && is_blank(text[w.begin])) ++w.begin;
    while (w.end > w.begin && is_blank(text[w.end - 1])) --w.end;
    std::string prefix = cut_start ? std::string(ellipsis) : "";
    h.text = prefix + std::string(text.substr(w.begin, w.end - w.begin));
    for (auto& c : h.text)
        if (c == '\n' || c == '\t' || c == '\r') c = ' ';  // one line; same byte count
    if (cut_end) h.text += ellipsis;
    for (const auto& s : spans)
        if (s.begin >= w.begin && s.end <= w.end) h.spans.push_back({s.begin - w.begin + prefix.size(), s.end - w.begin + prefix.size()});
    return h;
}

}  // namespace

std::vector<HighlightSource> highlight_sources(const Profile& p) {
    std::vector<HighlightSource> out;
    for (const auto& pub : p.publications)
        if (!pub.title.empty()) out.push_back({"title", "title", pub.title, 3.0});
    if (!p.interests.empty()) out.push_back({"interests", "interest", join(p.interests, "; "), 3.0});
    if (!p.headline.empty()) out.push_back({"headline", "", p.headline, 2.0});
    for (const auto& a : p.affiliations) {
        std::string where = a.institution.empty() ? a.institution_raw : a.institution;
        if (!where.empty()) out.push_back({"affiliation", "institution", join({a.role, where}, ", "), 1.5});
    }
    if (!p.skills.empty()) out.push_back({"skills", "skill", join(p.skills, ", "), 1.5});
    for (const auto& award : p.awards)
        if (!award.empty()) out.push_back({"award", "", award, 1.0});
    for (const auto& s : p.sections) {
        if (s.text.empty()) continue;
        // Sections that repeat a structured field rank below it (the field shows
        // the same text better) but still count for what only they hold.
        std::string repeats = s.kind == "publications" && !p.publications.empty() ? "title"
                              : s.kind == "interests" && !p.interests.empty()     ? "interests"
                              : s.kind == "skills" && !p.skills.empty()           ? "skills"
                                                                                  : "";
        bool header = s.heading.empty();
        out.push_back({s.kind.empty() ? "text" : s.kind, "", s.text, header || !repeats.empty() ? 0.5 : 1.0, repeats});
    }
    if (!p.name.empty()) out.push_back({"name", "name", p.name, 0.1});
    return out;
}

const std::string& StemCache::stem(const analysis::Analyzer& analyzer, const std::string& word) {
    auto it = map_.find(word);
    if (it == map_.end()) it = map_.emplace(word, analyzer.stem(word)).first;
    return it->second;
}

Highlighter::Highlighter(const analysis::Analyzer& analyzer, std::vector<QueryAtom> atoms, StemCache* stems)
    : analyzer_(analyzer), stems_cache_(stems ? stems : &own_stems_) {
    stems_cache_->trim();
    for (auto& a : atoms)
        if (!a.negated && !a.words.empty() && atoms_.size() < max_atoms) atoms_.push_back(std::move(a));
    // Consecutive plain words that form a multi-word synonym ("machine learning")
    // also mark the other forms of that concept ("ML"), as the query parser
    // expands them.
    const std::size_t plain_count = atoms_.size();
    for (std::size_t i = 0; i < plain_count; ++i) {
        auto plain = [&](std::size_t k) {
            return k < plain_count && atoms_[k].field.empty() && atoms_[k].words.size() == 1 && !atoms_[k].wildcard;
        };
        if (!plain(i)) continue;
        for (const auto* form : analyzer_.synonyms().forms_starting_with(atoms_[i].words.front())) {
            const std::size_t n = form->words.size();
            if (n < 2) continue;
            bool match = true;
            for (std::size_t j = 1; j < n && match; ++j) match = plain(i + j) && atoms_[i + j].words.front() == form->words[j];
            if (match && atoms_.size() < max_atoms) {
                atoms_.push_back({"", form->words, false, false});
                break;
            }
        }
    }
    for (const auto& a : atoms_) {
        stems_.push_back(a.words.size() == 1 && !a.wildcard ? analyzer_.stem(a.words.front()) : std::string());
        concepts_.push_back(a.field.empty() && !a.wildcard ? analyzer_.synonyms().concepts_of(a.words)
                                                           : std::vector<std::string>{});
    }
}

std::vector<Highlighter::Match> Highlighter::matches(std::string_view text, std::string_view query_field) const {
    std::vector<Match> found;
    if (atoms_.empty() || text.empty()) return found;
    const auto tokens = analyzer_.tokenize(text);
    std::vector<const std::string*> token_stems(tokens.size(), nullptr);
    auto stem_of = [&](std::size_t i) -> const std::string& {
        if (!token_stems[i]) token_stems[i] = &stems_cache_->stem(analyzer_, tokens[i].term);  // valid until the next request
        return *token_stems[i];
    };
    std::vector<std::size_t> parts;
    for (std::size_t i = 0; i < tokens.size(); ++i)
        if (!tokens[i].compound) parts.push_back(i);
    std::optional<std::vector<analysis::ConceptMatch>> concepts;

    for (std::size_t a = 0; a < atoms_.size(); ++a) {
        const QueryAtom& atom = atoms_[a];
        // An affiliation passage is where institution: (now) and affiliation: (ever) words are.
        const bool same_field = atom.field == query_field || (atom.field == "affiliation" && query_field == "institution");
        if (!atom.field.empty() && !same_field) continue;
        const std::uint64_t bit = std::uint64_t{1} << a;
        if (atom.wildcard) {
            for (const auto& t : tokens)
                if (starts_with(t.term, atom.words.back())) found.push_back({t.begin, t.end, bit});
        } else if (atom.words.size() == 1) {
            const std::string& w = atom.words.front();
            for (std::size_t i = 0; i < tokens.size(); ++i)
                if (tokens[i].term == w || (!stems_[a].empty() && stem_of(i) == stems_[a]))
                    found.push_back({tokens[i].begin, tokens[i].end, bit});
        } else {
            const std::size_t n = atom.words.size();
            for (std::size_t k = 0; k + n <= parts.size(); ++k) {
                bool match = true;
                for (std::size_t j = 0; j < n && match; ++j) match = tokens[parts[k + j]].term == atom.words[j];
                if (match) found.push_back({tokens[parts[k]].begin, tokens[parts[k + n - 1]].end, bit});
            }
        }
        if (!concepts_[a].empty()) {
            if (!concepts) concepts = analyzer_.concepts(tokens);
            for (const auto& c : *concepts)
                if (std::find(concepts_[a].begin(), concepts_[a].end(), c.term) != concepts_[a].end())
                    found.push_back({c.begin, c.end, bit});
        }
    }
    // Sort and merge overlapping or touching spans.
    std::sort(found.begin(), found.end(), [](const Match& x, const Match& y) {
        return x.begin != y.begin ? x.begin < y.begin : x.end > y.end;
    });
    std::vector<Match> merged;
    for (const auto& m : found) {
        if (!merged.empty()) {
            Match& last = merged.back();
            bool touches = m.begin <= last.end;
            if (!touches) {
                std::string_view gap = text.substr(last.end, m.begin - last.end);
                touches = gap.size() <= 3 && std::all_of(gap.begin(), gap.end(), [](char c) { return c == ' ' || c == '-'; });
            }
            if (touches) {
                last.end = std::max(last.end, m.end);
                last.atoms |= m.atoms;
                continue;
            }
        }
        merged.push_back(m);
    }
    return merged;
}

std::vector<HighlightSpan> Highlighter::spans(std::string_view text, std::string_view query_field) const {
    std::vector<HighlightSpan> out;
    for (const auto& m : matches(text, query_field)) out.push_back({m.begin, m.end});
    return out;
}

Highlight make_fragment(std::string field, std::string_view text, const std::vector<HighlightSpan>& spans,
                        std::size_t max_bytes) {
    return cut(std::move(field), text, spans, choose_window(text, spans, max_bytes));
}

namespace {

struct Candidate {
    Highlight fragment;
    double score;
    bool is_name;
    std::string repeats;
};

/// The candidates shown, best first: by score (ties: the earlier source), no
/// name unless only names matched, no section next to a fragment of the field
/// it repeats, no text twice.
std::vector<std::size_t> choose(const std::vector<Candidate>& candidates, std::size_t max_fragments) {
    std::vector<std::size_t> order(candidates.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return candidates[x].score > candidates[y].score; });
    const bool only_name = std::all_of(candidates.begin(), candidates.end(), [](const Candidate& c) { return c.is_name; });
    std::vector<std::size_t> chosen;
    std::set<std::string_view> seen;
    for (std::size_t i : order) {
        const Candidate& c = candidates[i];
        if (chosen.size() >= max_fragments) break;
        if (c.is_name && !only_name) continue;
        if (!c.repeats.empty() && std::any_of(chosen.begin(), chosen.end(), [&](std::size_t j) {
                return candidates[j].fragment.field == c.repeats;
            }))
            continue;
        if (!seen.insert(c.fragment.text).second) continue;
        chosen.push_back(i);
    }
    return chosen;
}

}  // namespace

std::vector<Highlight> Highlighter::highlight(const Profile& profile, const HighlightOptions& options) const {
    if (!options.enabled || atoms_.empty()) return {};
    const std::size_t max_fragments = std::clamp<std::size_t>(options.max_fragments, 1, 3);
    const std::size_t max_bytes = std::clamp<std::size_t>(options.fragment_bytes, 40, 1000);

    // A source scores weight * (10 * distinct atoms + spans up to 10), so at
    // most weight * best_factor. When the chosen fragments are max_fragments
    // with distinct texts, none a name and none a repeating section, a source
    // that cannot score above the last of them (`settled_at`) would sort after
    // all of them and never be reached by choose(), whatever comes later; so it
    // is not tokenized. Mostly this skips the long sections once a title or the
    // interests matched; the fragments are the same as without skipping.
    const double best_factor = 10.0 * static_cast<double>(atoms_.size()) + 10.0;
    const double unsettled = -std::numeric_limits<double>::infinity();
    double settled_at = unsettled;
    std::vector<Candidate> candidates;
    std::vector<std::size_t> chosen;  // choose(candidates), kept current
    const auto sources = highlight_sources(profile);
    for (const auto& src : sources) {
        if (skip_unreachable_ && src.weight * best_factor <= settled_at) continue;
        bytes_tokenized_ += src.text.size();
        auto ms = matches(src.text, src.query_field);
        if (ms.empty()) continue;
        std::vector<HighlightSpan> spans;
        for (const auto& m : ms) spans.push_back({m.begin, m.end});
        Window w = choose_window(src.text, spans, max_bytes);
        std::uint64_t atoms = 0;
        std::size_t inside = 0;
        for (const auto& m : ms)
            if (m.begin >= w.begin && m.end <= w.end) {
                atoms |= m.atoms;
                ++inside;
            }
        if (inside == 0) continue;
        double score = src.weight * (10.0 * std::popcount(atoms) + std::min<std::size_t>(inside, 10));
        candidates.push_back({cut(src.field, src.text, spans, w), score, src.field == "name", src.repeats});
        chosen = choose(candidates, max_fragments);
        const bool settled = chosen.size() == max_fragments && std::none_of(chosen.begin(), chosen.end(), [&](std::size_t i) {
            return candidates[i].is_name || !candidates[i].repeats.empty();
        });
        settled_at = settled ? candidates[chosen.back()].score : unsettled;  // chosen is best first
    }
    std::vector<Highlight> out;
    for (std::size_t i : chosen) out.push_back(std::move(candidates[i].fragment));
    return out;
}

}  // namespace cvsearch::search
