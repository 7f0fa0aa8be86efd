// Papers and places named in running text (news items, biographies, project lists).
#include "parse/extract/mentions.hpp"

#include <algorithm>
#include <unordered_set>
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/text.hpp"
#include "parse/extract/affiliations.hpp"
#include "parse/extract/chars.hpp"
#include "parse/extract/dates.hpp"
#include "parse/extract/lexicon.hpp"
#include "parse/extract/pub_reading.hpp"
#include "parse/normalize/normalize.hpp"

namespace cvsearch::extract {
namespace {

bool contains_any(const std::string& hay, std::initializer_list<std::string_view> needles) {
    return std::any_of(needles.begin(), needles.end(), [&](std::string_view n) { return hay.find(n) != std::string::npos; });
}

// Clauses about service, talks and prizes name venues the person did not publish at.
constexpr std::array<std::string_view, 36> trap_words = {
    "chair", "reviewer", "review for", "reviewing", "committee", "editor", " ae ", "ae of", "organiz",
    "keynote", "talk", "tutorial", "challenge", "leaderboard", "competition", "ranked", "elected",
    "fellow of", "invited as", "invited to", "serve", "serving", "member", "attend", "travel",
    "grant", "funding", "proposal", "award", "winner", "prize", "volunteer", "session", "panel",
    "speaker", "visit"};

bool is_trap(const std::string& lower) {
    return std::any_of(trap_words.begin(), trap_words.end(), [&](std::string_view n) { return lower.find(n) != std::string::npos; });
}

// Where the trap words stand in one lower-cased paragraph, found once, so that each
// mention's sentence is checked by a look-up, not by 36 searches of its window (a
// paragraph of 100,000 mentions spent a third of its time there).
class TrapIndex {
public:
    explicit TrapIndex(const std::string& lower) {
        for (std::string_view w : trap_words)
            for (std::size_t at = lower.find(w); at != std::string::npos; at = lower.find(w, at + 1)) spans_.push_back({at, at + w.size()});
        std::sort(spans_.begin(), spans_.end());
    }

    /// is_trap(" " + lower.substr(b, e - b) + " "), the same answer: a trap word inside
    /// [b, e), or " ae " reaching into the padding at either end.
    bool sentence_is_trap(const std::string& lower, std::size_t b, std::size_t e) const {
        for (auto it = std::lower_bound(spans_.begin(), spans_.end(), std::pair<std::size_t, std::size_t>{b, 0});
             it != spans_.end() && it->first < e; ++it)
            if (it->second <= e) return true;
        const std::string_view s = std::string_view(lower).substr(b, e - b);
        return s.substr(0, 3) == "ae " || s == "ae" || (s.size() >= 3 && s.substr(s.size() - 3) == " ae");
    }

private:
    std::vector<std::pair<std::size_t, std::size_t>> spans_;
};

bool has_paper_context(const std::string& lower) {
    return contains_any(lower, {"paper", "accepted", "published", "pdf", "code", "spotlight", "oral", "arxiv", "preprint",
                                "proceedings", "appear"});
}

std::vector<std::string> clauses_of(std::string_view line) {
    std::vector<std::string> out;
    std::string cur;
    for (std::size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        bool end = (c == '!' || c == '?' || c == ';' || c == '|') || (c == '.' && i + 1 < line.size() && line[i + 1] == ' ');
        if (end) {
            out.push_back(cur);
            cur.clear();
            continue;
        }
        cur.push_back(c);
    }
    out.push_back(cur);
    return out;
}

std::optional<int> line_year(std::string_view line) {
    auto spans = find_date_spans(line);
    if (spans.empty()) return std::nullopt;
    return spans.back().range.end ? spans.back().range.end : spans.back().range.start;
}

// The words after a trigger, up to punctuation: "NeurIPS 2025 Workshop", "ACM CIKM 2025".
std::string words_after(std::string_view s, std::size_t at, std::size_t max_words) {
    std::string_view rest = text::trim(s.substr(at));
    for (std::string_view lead : {"the proceedings of ", "proceedings of ", "the "})
        if (text::starts_with_icase(rest, lead)) rest = text::trim(rest.substr(lead.size()));
    std::string out;
    std::size_t words = 0;
    std::size_t i = 0;
    while (i < rest.size() && words < max_words) {
        std::size_t j = i;
        while (j < rest.size() && rest[j] != ' ') ++j;
        std::string_view w = rest.substr(i, j - i);
        bool stop_after = false;
        while (!w.empty() && std::string_view(",.!:;()").find(w.back()) != std::string_view::npos) {
            w.remove_suffix(1);
            stop_after = true;
        }
        if (w.empty() || w.front() == '(') break;
        std::string lw = text::ascii_lower(w);
        if (lw == "with" || lw == "and" || lw == "as" || lw == "for" || lw == "on" || lw == "in" || lw == "by" || lw == "this")
            break;
        out += (out.empty() ? "" : " ") + std::string(w);
        ++words;
        if (stop_after) break;
        i = j + 1;
    }
    return out;
}

// "our NeurIPS 2021 paper": up to four words before "paper".
std::string words_before(std::string_view s, std::size_t at) {
    std::vector<std::string_view> w;
    std::size_t end = at;
    while (end > 0 && w.size() < 4) {
        while (end > 0 && s[end - 1] == ' ') --end;
        std::size_t b = end;
        while (b > 0 && s[b - 1] != ' ') --b;
        std::string_view word = s.substr(b, end - b);
        std::string lw = text::ascii_lower(word);
        if (word.empty() || lw == "our" || lw == "the" || lw == "a" || lw == "an" || lw == "my" || lw == "his" || lw == "her" ||
            word.find_first_of(",.:;()") != std::string_view::npos)
            break;
        w.insert(w.begin(), word);
        end = b;
    }
    std::string out;
    for (auto x : w) out += (out.empty() ? "" : " ") + std::string(x);
    return out;
}

// The longest marked venue the text at `at` starts with (after "the "), or nullptr.
const std::string* marked_at(std::string_view s, std::size_t at, const std::vector<std::string>& marked) {
    if (marked.empty()) return nullptr;
    std::string_view rest = text::trim(s.substr(at));
    if (text::starts_with_icase(rest, "the ")) rest = text::trim(rest.substr(4));
    if (rest.empty() || !(chars::is_upper(chars::first(rest)) || std::isdigit(static_cast<unsigned char>(rest.front())))) return nullptr;
    const std::string* best = nullptr;  // the longest: "CVPR 2026 Workshop on X" over "CVPR 2026"
    for (const std::string& m : marked)
        if ((!best || m.size() > best->size()) && rest.starts_with(m) &&
            (rest.size() == m.size() || !std::isalnum(static_cast<unsigned char>(rest[m.size()]))))
            best = &m;
    return best;
}

std::vector<std::string> candidates_in(const std::string& clause, bool paper_line, const std::vector<std::string>& marked,
                                       std::vector<std::string>& marked_found) {
    std::vector<std::string> out;
    std::string lower = text::ascii_lower(clause);
    static const std::array<const char*, 16> triggers = {
        "accepted by ", "accepted to ", "accepted at ", "accepted in ", "accepted for ", "accepted as ", "published in ",
        "published at ", "published by ", "appear in ", "appear at ", "appears in ", "presented at ", "paper at ", "paper in ",
        "papers at "};
    for (const char* t : triggers)
        for (std::size_t at = lower.find(t); at != std::string::npos; at = lower.find(t, at + 1)) {
            const std::size_t from = at + std::strlen(t);
            if (const std::string* m = marked_at(clause, from, marked)) {
                out.push_back(*m);
                marked_found.push_back(*m);
                // "accepted to <em>X</em> and <em>Y</em>": a second marked venue joined by "and".
                const std::size_t end = clause.find(*m, from) + m->size();
                if (lower.compare(end, 5, " and ") == 0)
                    if (const std::string* second = marked_at(clause, end + 5, marked)) {
                        out.push_back(*second);
                        marked_found.push_back(*second);
                    }
            } else {
                out.push_back(words_after(clause, from, 6));
            }
        }
    for (std::size_t at = lower.find(" paper"); at != std::string::npos; at = lower.find(" paper", at + 1)) {
        std::string before = words_before(clause, at);
        if (!find_years(before).empty()) out.push_back(before);
    }
    // "(CVPR 2019)", "(TPAMI, ICML 2014)": venues in parentheses after a title, with a
    // year or on a line about a paper ("technical standards (IEEE 7000, ISO/IEC SC42)" is neither).
    for (std::size_t open = clause.find('('); open != std::string::npos; open = clause.find('(', open + 1)) {
        std::size_t close = clause.find(')', open);
        if (close == std::string::npos) break;
        std::string inner = clause.substr(open + 1, close - open - 1);
        if (!paper_line && find_years(inner).empty()) continue;
        for (std::string_view part : text::split(inner, ',')) {
            std::string_view p = text::trim(part);
            std::string_view first = p.substr(0, p.find(' '));
            if (!p.empty() && chars::count_upper(first) >= 2 && std::count(p.begin(), p.end(), ' ') <= 2) out.emplace_back(p);
        }
    }
    // "ICLR 2022 spotlight": an acronym and a year on a line about a paper.
    if (paper_line) {
        auto years = find_years(clause);
        for (const auto& y : years) {
            std::string before = words_before(clause, y.begin);
            std::string_view last = std::string_view(before).substr(before.rfind(' ') == std::string::npos ? 0 : before.rfind(' ') + 1);
            if (!last.empty() && is_acronym(last)) out.push_back(std::string(last) + " " + clause.substr(y.begin, y.end - y.begin));
        }
    }
    return out;
}

// The paper a news item is about: its quoted title ("Our paper \"Sparse Flows for
// X\" was accepted by ICML 2025"), else the name the item opens with ("MTPano has
// been accepted to SIGGRAPH 2026", "Our work ProgressLM on reward models has been
// accepted to ACL 2026"). "" when the item names none ("Two papers accepted ...").
std::string named_paper(std::string_view line) {
    if (auto q = find_quote(line)) return clean_title(line.substr(q->open, q->close + q->close_len - q->open));
    const std::string lower = text::ascii_lower(line);
    std::size_t at = std::string::npos;
    for (const char* verb : {" has been accepted", " was accepted", " is accepted", " got accepted", " gets accepted"})
        at = std::min(at, lower.find(verb));
    if (at == std::string::npos) return {};
    std::string_view subject = line.substr(0, at);
    // After the item's date or label: "Apr. 2026: MTPano", "[Jun 2022] Our paper".
    for (std::string_view sep : {": ", "] "})
        if (std::size_t cut = subject.rfind(sep); cut != std::string_view::npos) subject.remove_prefix(cut + sep.size());
    while (!subject.empty() && !std::isalnum(static_cast<unsigned char>(subject.front()))) subject.remove_prefix(1);  // emoji
    std::vector<std::string_view> words;
    for (std::string_view w : text::split(subject, ' '))
        if (!w.empty()) words.push_back(w);
    // "Our (new, first-author) paper on X", "My work X": the possessive and the noun go.
    static const std::array<std::string_view, 10> nouns = {"paper", "work", "preprint", "article", "study", "manuscript",
                                                           "post", "submission", "project", "dataset"};
    auto is_noun = [](std::string_view w) { return std::find(nouns.begin(), nouns.end(), text::ascii_lower(w)) != nouns.end(); };
    std::size_t from = 0;
    if (!words.empty()) {
        const std::string first = text::ascii_lower(words[0]);
        if (first == "our" || first == "my" || first == "the" || first == "a" || first == "an" || first == "this") {
            std::size_t n = 1;
            while (n < words.size() && n < 5 && !is_noun(words[n])) ++n;
            if (n >= words.size() || n >= 5) return {};
            from = n + 1;
            if (from < words.size()) {
                const std::string next = text::ascii_lower(words[from]);
                if (next == "on" || next == "titled" || next == "entitled" || next == "about" || next == "called") ++from;
            }
        }
    }
    if (from >= words.size() || words.size() - from > 20) return {};
    std::string out;
    for (std::size_t i = from; i < words.size(); ++i) {
        const std::string w = text::ascii_lower(words[i]);
        if (w == "papers" || w == "works" || is_noun(w)) return {};  // "Three first-author papers", "The paper"
        out += (out.empty() ? "" : " ") + std::string(words[i]);
    }
    while (!out.empty() && (out.back() == ',' || out.back() == ':')) out.pop_back();
    if (out.empty() || !(std::isupper(static_cast<unsigned char>(out[0])) || std::isdigit(static_cast<unsigned char>(out[0])))) return {};
    return out;
}

}  // namespace

std::vector<Publication> mentioned_publications(const Block& block, const std::vector<std::string>& marked_venues) {
    std::vector<Publication> out;
    std::vector<std::string> marked_found;  // candidates that are marked venues, of the clause at hand
    for (const Line& l : block.lines) {
        if (l.blank()) continue;
        std::string line_lower = text::ascii_lower(l.text);
        // A biography paragraph sums a career up ("Publications at ACL and NeurIPS 2025 and
        // spotlights at ..."); only a news item or a short line names one paper by its venue.
        bool bio_paragraph = (block.kind == "header" || block.kind == "summary") && chars::count_words(l.text) > 25;
        bool paper_line = has_paper_context(line_lower) && !bio_paragraph;
        std::optional<int> date = line_year(l.text);
        const std::size_t line_begin = out.size();
        std::optional<std::string> named;  // named_paper(l.text), looked for once a venue is found
        auto line_title = [&]() -> const std::string& {
            if (!named) named = named_paper(l.text);
            return *named;
        };
        for (const std::string& clause : clauses_of(l.text)) {
            std::string lower = " " + text::ascii_lower(clause) + " ";
            if (is_trap(lower)) continue;
            marked_found.clear();
            for (std::string& cand : candidates_in(clause, paper_line, marked_venues, marked_found)) {
                cand = std::string(text::trim(cand));
                auto venue = cand.empty() ? std::nullopt : normalize::find_venue(cand);
                const bool marked = !cand.empty() && std::find(marked_found.begin(), marked_found.end(), cand) != marked_found.end();
                if (!venue && !marked) continue;
                Publication p;
                p.venue_raw = cand;
                auto ys = find_years(cand);
                p.year = ys.empty() ? date : std::optional<int>(ys.front().year);
                // One mention per venue and year: "(ACM MM 2012)" is also "MM 2012".
                // Two items about two papers at one venue are two mentions when both name their paper.
                const std::string& title = line_title();
                bool seen = std::any_of(out.begin(), out.end(), [&](const Publication& q) {
                    auto v = normalize::find_venue(q.venue_raw);
                    const bool other_paper = !title.empty() && !q.title.empty() && text::fold_key(q.title) != text::fold_key(title);
                    const bool same_venue = venue ? v && v->canonical == venue->canonical : !v && q.venue_raw == p.venue_raw;
                    return q.year == p.year && same_venue && !other_paper;
                });
                // "accepted to the ICML 2024 workshop" is no ICML 2024 paper too.
                const std::string folded = text::ascii_lower(cand);
                seen = seen || std::any_of(out.begin() + static_cast<std::ptrdiff_t>(line_begin), out.end(), [&](const Publication& q) {
                           const std::string other = text::ascii_lower(q.venue_raw);
                           return other.find(folded) != std::string::npos || folded.find(other) != std::string::npos;
                       });
                if (!seen) out.push_back(std::move(p));
            }
        }
        // An item about one paper names it; "(ACM MM 2012)" read twice is one mention.
        if (out.size() == line_begin + 1) out.back().title = line_title();
    }
    return out;
}

namespace {

bool is_connector(std::string_view w) {
    return w == "of" || w == "and" || w == "de" || w == "di" || w == "la" || w == "for" || w == "the" || w == "&" || w == "du" ||
           w == "der" || w == "des" || w == "y" || w == "et";
}

// The capitalized run at `at`: "the University of California, Berkeley" -> "University of California".
std::string capitalized_run(std::string_view s, std::size_t at) {
    std::string_view rest = text::trim(s.substr(at));
    if (text::starts_with_icase(rest, "the ")) rest.remove_prefix(4);
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < rest.size() && words.size() < 10) {
        std::size_t j = i;
        while (j < rest.size() && rest[j] != ' ') ++j;
        std::string w(rest.substr(i, j - i));
        bool stop_after = false;
        while (!w.empty() && std::string_view(",.!:;").find(w.back()) != std::string_view::npos) {
            w.pop_back();
            stop_after = true;
        }
        bool paren = !w.empty() && w.front() == '(' && w.back() == ')';
        if (w.empty() || (!chars::is_upper(chars::first(w)) && !is_connector(w) && !paren)) break;
        words.push_back(w);
        if (stop_after) break;
        i = j + 1;
    }
    while (!words.empty() && is_connector(words.back())) words.pop_back();
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

std::string next_word_after(std::string_view s, std::size_t at, const std::string& run) {
    std::size_t pos = s.find(run, at);
    if (pos == std::string_view::npos) return {};
    std::string_view rest = s.substr(pos + run.size());
    if (rest.size() < 3 || rest[0] != ',') return {};
    return capitalized_run(rest, 1);
}

}  // namespace

/// How far from a mention its sentence is looked at, each side (bytes).
constexpr std::size_t sentence_window = 400;

// "to work closely with Prof. Ann Doe at X, and Prof. Bo Roe at Y": a person named with
// an honorific right before " at " is the one at X (a collaborator), not the CV's owner.
// `text` up to `at` is looked at.
static bool person_before(std::string_view text, std::size_t at) {
    std::vector<std::string_view> words;
    std::string_view before = text.substr(0, at);
    while (words.size() < 6) {
        before = text::trim(before);
        const std::size_t sp = before.rfind(' ');
        const std::string_view w = sp == std::string_view::npos ? before : before.substr(sp + 1);
        if (w.empty()) break;
        words.push_back(w);
        if (sp == std::string_view::npos) break;
        before = before.substr(0, sp);
    }
    // words: the last word before " at " first. Up to four name words, then an honorific
    // after "with" or "and" (a supervisor, "supervised by Dr. X at Y", is at the owner's place).
    for (std::size_t k = 0; k < words.size(); ++k) {
        const std::string key = text::fold_key(words[k]);
        if (k > 0 && (key == "prof" || key == "professor" || key == "dr" || key == "mr" || key == "ms" || key == "mrs")) {
            const std::string joiner = k + 1 < words.size() ? text::fold_key(words[k + 1]) : std::string();
            return joiner == "with" || joiner == "and";
        }
        if (k >= 4 || !chars::is_upper(chars::first(words[k]))) return false;
    }
    return false;
}

std::vector<Affiliation> mentioned_affiliations(const Block& block) {
    std::vector<Affiliation> out;
    std::unordered_set<std::string> seen;  // institution_raw of out (a scan of out per mention was quadratic)
    std::vector<std::string> paragraph;
    auto scan = [&](const std::string& text) {
        std::string lower = text::ascii_lower(text);
        const TrapIndex traps(lower);
        for (const char* t : {" at ", " from ", "joined ", "joining ", " join ", "worked for ", " with "}) {
            for (std::size_t at = lower.find(t); at != std::string::npos; at = lower.find(t, at + 1)) {
                std::size_t start = at + std::strlen(t);
                std::string run = capitalized_run(text, start);
                if (run.empty()) continue;
                // The sentence around the mention: "invited for a talk at X" is no affiliation.
                // At most sentence_window bytes each side: a long paragraph without ". "
                // was copied whole for each mention in it (quadratic: 1 MB took 300 s).
                const std::string_view lv = lower;
                const std::size_t lo = at > sentence_window ? at - sentence_window : 0;
                const std::size_t hi = std::min(lv.size(), at + sentence_window);
                const std::size_t back = lv.substr(lo, std::min(lv.size(), at + 2) - lo).rfind(". ");
                const std::size_t ahead = lv.substr(at, hi - at).find(". ");
                const std::size_t sb = back == std::string_view::npos ? lo : lo + back;
                const std::size_t se = ahead == std::string_view::npos ? hi : at + ahead;
                if (traps.sentence_is_trap(lower, sb, se)) continue;
                bool known = normalize::find_institution(run).has_value();
                InstitutionStrength s = institution_strength(run);
                // "my PhD from the Department of Physics, Lakeside University": the unit's
                // institution follows it after a comma.
                if (!known && (s == InstitutionStrength::department || s == InstitutionStrength::unit)) {
                    std::string after = next_word_after(text, start, run);
                    if (!after.empty() && (normalize::find_institution(after) || institution_strength(after) >= InstitutionStrength::org)) {
                        if (std::size_t pos = text.find(after, start); pos != std::string::npos) start = pos;
                        run = after;
                        known = normalize::find_institution(run).has_value();
                        s = institution_strength(run);
                    }
                }
                if (!known && s < InstitutionStrength::org) continue;
                if (std::string(t) == " with " && !known) continue;  // "with Prof. X", "with the Lab"
                if (std::string(t) == " at " && person_before(text, at)) continue;
                std::string campus = next_word_after(text, start, run);
                std::string inst = run;
                if (!campus.empty()) {
                    auto alone = normalize::find_institution(run);
                    auto both = normalize::find_institution(run + ", " + campus);
                    if (both && (!alone || alone->canonical != both->canonical)) inst = run + ", " + campus;
                }
                std::string before = lower.substr(at > 80 ? at - 80 : 0, at - (at > 80 ? at - 80 : 0));
                Affiliation a;
                a.institution_raw = tidy_institution(inst);
                a.kind = contains_any(before, {"bachelor", "master", "degree", "ph.d", "phd", "student", "candidate", "graduate",
                                               "studied", "b.s", "m.s", "undergraduate"}) && before.find("postdoc") == std::string::npos
                             ? AffiliationKind::education
                             : AffiliationKind::work;
                if (seen.insert(a.institution_raw).second) out.push_back(std::move(a));
            }
        }
    };
    for (const Line& l : block.lines) {
        if (l.blank() || l.marker != Marker::none) {
            if (!paragraph.empty()) scan(text::collapse_whitespace(join_lines(paragraph)));
            paragraph.clear();
            if (!l.blank()) paragraph.push_back(l.text);
            continue;
        }
        paragraph.push_back(l.text);
    }
    if (!paragraph.empty()) scan(text::collapse_whitespace(join_lines(paragraph)));
    return out;
}

std::vector<Affiliation> mentioned_stays(const Block& block) {
    std::vector<Affiliation> out;
    std::unordered_set<std::string> seen;
    for (const Line& l : block.lines) {
        if (l.blank()) continue;
        {  // most lines tell of no stay: one look at the whole line first
            const std::string line = text::ascii_lower(l.text);
            if (!contains_any(line, {"secondment", "research stay", "research visit", "visiting", "exchange", "affiliated"})) continue;
        }
        for (std::string_view sentence : text::split(l.text, '.')) {
            std::string lower = " " + text::ascii_lower(sentence) + " ";
            const bool stay = contains_any(lower, {"secondment", "research stay", "research visit", "visiting researcher",
                                                   "visiting student", "visiting scholar", "exchange student", "exchange semester",
                                                   "exchange year"});
            // "I am also affiliated with X": a place of work the entry names in passing.
            const bool affiliated = lower.find(" affiliated ") != std::string::npos;
            if (!stay && !affiliated) continue;
            if (is_trap(lower) && lower.find("visiting") == std::string::npos) continue;  // "a talk at X during my stay"
            for (const char* word : {" at ", " with "}) {
                if (std::string_view(word) == " with " && !affiliated) continue;  // "a stay with Prof. X"
                for (std::size_t at = lower.find(word); at != std::string::npos; at = lower.find(word, at + 1)) {
                    // `lower` has one leading space more than `sentence`.
                    std::string run = capitalized_run(sentence, at + std::strlen(word) - 1);
                    if (run.empty()) continue;
                    if (!normalize::find_institution(run) && institution_strength(run) < InstitutionStrength::org) continue;
                    Affiliation a;
                    a.institution_raw = tidy_institution(run);
                    a.kind = stay ? AffiliationKind::visiting : AffiliationKind::work;
                    if (seen.insert(a.institution_raw).second) out.push_back(std::move(a));
                }
            }
        }
    }
    return out;
}

}  // namespace cvsearch::extract
