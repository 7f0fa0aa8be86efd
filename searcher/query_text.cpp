#include "searcher/query_text.hpp"

#include <algorithm>

#include "core/text.hpp"
#include "cvsearch/parse.hpp"
#include "searcher/stop_words.hpp"

namespace cvsearch::search {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

bool is_operator(std::string_view t) {
    if (t == "AND" || t == "OR" || t == "NOT" || t == "XOR") return true;
    for (std::string_view op : {"NEAR", "ADJ"}) {
        if (t == op) return true;
        if (t.size() > op.size() + 1 && t.substr(0, op.size()) == op && t[op.size()] == '/' &&
            std::all_of(t.begin() + static_cast<std::ptrdiff_t>(op.size()) + 1, t.end(),
                        [](char c) { return c >= '0' && c <= '9'; }))
            return true;
    }
    return false;
}

std::vector<std::string> key_words(std::string_view value) {
    std::vector<std::string> out;
    const std::string folded = text::fold_key(value);  // split() returns views: keep the string alive
    for (auto w : text::split(folded, ' '))
        if (!w.empty()) out.emplace_back(w);
    return out;
}

class Lexer {
  public:
    Lexer(std::string_view q, const analysis::Analyzer& an, bool wildcard_fields)
        : q_(q), an_(an), wildcard_fields_(wildcard_fields) {}

    PreparedQuery run() {
        r_.empty = text::trim(q_).empty();
        while (i_ < q_.size()) {
            char c = q_[i_];
            if (is_space(c)) {
                r_.text.push_back(c);
                ++i_;
            } else if (c == '(') {
                groups_.push_back(negated_now() || negate_next_);
                negate_next_ = false;
                r_.text.push_back(c);
                ++i_;
            } else if (c == ')') {
                if (!groups_.empty()) groups_.pop_back();
                r_.text.push_back(c);
                ++i_;
            } else if (c == '"') {
                phrase("", "");
            } else {
                word();
            }
        }
        // "-a -b" alone: Xapian would search for a AND b; say NOT explicitly.
        if (!has_positive_ && !hate_marks_.empty())
            for (auto it = hate_marks_.rbegin(); it != hate_marks_.rend(); ++it) r_.text.replace(*it, 1, "NOT ");
        return std::move(r_);
    }

  private:
    bool negated_now() const { return std::find(groups_.begin(), groups_.end(), true) != groups_.end(); }

    /// Consumes a pending NOT / '-' and tells whether the next item is excluded.
    bool take_negation(const std::string& marker) {
        bool negated = marker == "-" || negate_next_ || negated_now();
        negate_next_ = false;
        if (marker == "-" && groups_.empty()) hate_marks_.push_back(r_.text.size());
        if (!negated) has_positive_ = true;
        return negated;
    }

    void add_positive_words(const std::vector<std::string>& words, bool negated) {
        if (negated) return;
        for (const auto& w : words) {
            if (!r_.words_only.empty()) r_.words_only.push_back(' ');
            r_.words_only += w;
        }
    }

    void word() {
        std::size_t j = i_;
        while (j < q_.size() && !is_space(q_[j]) && q_[j] != '(' && q_[j] != ')' && q_[j] != '"') ++j;
        std::string_view tok = q_.substr(i_, j - i_);
        std::size_t off = i_;
        const bool next_opens = j < q_.size() && (q_[j] == '(' || q_[j] == '"');

        if ((tok == "+" || tok == "-") && next_opens) {  // marker for a group or a phrase
            std::string marker(tok);
            if (marker == "+") r_.explicit_operators = true;
            i_ = j;
            if (q_[j] == '"') {
                phrase(marker, "");
            } else {
                if (marker == "-") {
                    if (groups_.empty()) hate_marks_.push_back(r_.text.size());
                    negate_next_ = true;
                }
                r_.text += marker;
            }
            return;
        }
        std::string marker;
        if (tok.size() > 1 && (tok[0] == '+' || tok[0] == '-')) {
            marker = std::string(1, tok[0]);
            if (marker == "+") r_.explicit_operators = true;
            tok.remove_prefix(1);
            ++off;
        }
        if (marker.empty() && is_operator(tok)) {
            r_.text += tok;
            if (tok != "NOT") r_.explicit_operators = true;
            if (tok == "NOT") negate_next_ = true;
            i_ = j;
            return;
        }
        auto colon = tok.find(':');
        std::string field = colon != std::string_view::npos && colon > 0 ? canonical_field(tok.substr(0, colon)) : "";
        if (!field.empty()) {
            std::string_view value = tok.substr(colon + 1);
            std::size_t value_off = off + colon + 1;
            bool quoted = false;
            if (value.empty() && j < q_.size() && q_[j] == '"') {
                std::size_t close = q_.find('"', j + 1);
                if (close == std::string_view::npos) close = q_.size();
                value = q_.substr(j + 1, close - j - 1);
                value_off = j + 1;
                quoted = true;
                j = close < q_.size() ? close + 1 : q_.size();
            }
            i_ = j;
            if (text::trim(value).empty()) {  // "venue:" alone is just a word
                plain(marker, "", tok, off);
                return;
            }
            field_value(marker, field, value, value_off, quoted);
            return;
        }
        i_ = j;
        plain(marker, "", tok, off);
    }

    void phrase(const std::string& marker, const std::string& field) {
        // q_[i_] == '"'
        std::size_t close = q_.find('"', i_ + 1);
        if (close == std::string_view::npos) close = q_.size();
        std::string_view content = q_.substr(i_ + 1, close - i_ - 1);
        std::size_t content_off = i_ + 1;
        i_ = close < q_.size() ? close + 1 : q_.size();
        bool negated = take_negation(marker);
        r_.text += marker;
        if (!field.empty()) r_.text += field + ":";
        r_.text += "\"" + an_.prepare(content) + "\"";
        add_phrase_atom(field, content, content_off, negated);
    }

    void add_phrase_atom(const std::string& field, std::string_view content, std::size_t off, bool negated) {
        QueryAtom atom{field, {}, false, negated};
        for (const auto& t : an_.tokenize(content)) {
            if (t.compound) continue;
            atom.words.push_back(t.term);
            r_.words.push_back({off + t.begin, off + t.end, t.term, field});
        }
        if (atom.words.empty()) return;
        add_positive_words(atom.words, negated);
        r_.atoms.push_back(std::move(atom));
    }

    void field_value(const std::string& marker, const std::string& field, std::string_view value, std::size_t off,
                     bool quoted) {
        if (field == "institution" || field == "affiliation" || field == "venue" || field == "year") {
            bool negated = take_negation(marker);
            r_.text += marker + field + ":";
            r_.text += quoted ? "\"" + std::string(value) + "\"" : std::string(value);
            if (field == "year") return;
            r_.atoms.push_back({field, key_words(value), false, negated});
            std::string canonical = field == "venue" ? normalize_venue(value) : normalize_institution(value);
            auto canon_words = key_words(canonical);
            if (!canon_words.empty() && canon_words != r_.atoms.back().words)
                r_.atoms.push_back({field, std::move(canon_words), false, negated});
            return;
        }
        if (!quoted) {
            plain(marker, field, value, off);
            return;
        }
        if (field == "name") {  // any order: one clause per word
            bool negated = take_negation(marker);
            r_.text += marker + "(";
            bool first = true;
            std::size_t k = 0;
            while (k < value.size()) {
                while (k < value.size() && is_space(value[k])) ++k;
                std::size_t start = k;
                while (k < value.size() && !is_space(value[k])) ++k;
                if (k == start) break;
                if (!first) r_.text.push_back(' ');
                first = false;
                r_.text += clause(field, value.substr(start, k - start), off + start, negated);
            }
            r_.text += ")";
            return;
        }
        bool negated = take_negation(marker);
        r_.text += marker + field + ":\"" + an_.prepare(value) + "\"";
        add_phrase_atom(field, value, off, negated);
    }

    void plain(const std::string& marker, const std::string& field, std::string_view value, std::size_t off) {
        bool negated = take_negation(marker);
        const std::string fp = field.empty() ? "" : field + ":";
        std::size_t stars = 0;
        while (stars < value.size() && value[value.size() - 1 - stars] == '*') ++stars;
        if (stars > 0 && stars < value.size() && wildcards_ == max_query_wildcards) {
            ++r_.wildcards_ignored;  // too many: searched as the plain word
            value.remove_suffix(stars);
        } else if (stars > 0 && stars < value.size()) {
            ++wildcards_;
            std::string_view core = value.substr(0, value.size() - stars);
            const std::string word = an_.prepare(core);
            const bool simple = !word.empty() && std::all_of(word.begin(), word.end(), [](char ch) {
                return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || static_cast<unsigned char>(ch) >= 0x80;
            });
            if (wildcard_fields_ && simple)  // expanded by QueryBuilder's field processor
                r_.text += marker + std::string(wildcard_field_prefix) + (field.empty() ? "any" : field) + ":" + word;
            else
                r_.text += marker + fp + an_.prepare(core) + "*";
            r_.atoms.push_back({field, {text::fold(core)}, true, negated});
            return;
        }
        r_.text += marker + clause(field, value, off, negated);
    }

    /// One word as QueryParser input: a compound becomes "(a-b OR ab)".
    std::string clause(const std::string& field, std::string_view value, std::size_t off, bool negated) {
        const std::string fp = field.empty() ? "" : field + ":";
        auto tokens = an_.tokenize(value);
        std::vector<const analysis::Token*> parts, compounds;
        for (const auto& t : tokens) (t.compound ? compounds : parts).push_back(&t);
        std::vector<std::string> words;
        for (const auto* t : parts) {
            words.push_back(t->term);
            r_.words.push_back({off + t->begin, off + t->end, t->term, field});
        }
        add_positive_words(words, negated);
        // One word that is a compound (its joined form spans every part).
        const analysis::Token* whole = nullptr;
        for (const auto* c : compounds)
            if (!parts.empty() && c->begin == parts.front()->begin && c->end == parts.back()->end) whole = c;
        if (whole) {
            r_.atoms.push_back({field, words, false, negated});
            r_.atoms.push_back({field, {whole->term}, false, negated});
            return "(" + fp + an_.prepare(value) + " OR " + fp + whole->term + ")";
        }
        for (const auto& w : words) r_.atoms.push_back({field, {w}, false, negated});
        return fp + an_.prepare(value);
    }

    std::string_view q_;
    const analysis::Analyzer& an_;
    PreparedQuery r_;
    std::size_t i_ = 0;
    bool negate_next_ = false;
    bool has_positive_ = false;
    std::size_t wildcards_ = 0;
    bool wildcard_fields_ = false;
    std::vector<bool> groups_;
    std::vector<std::size_t> hate_marks_;
};

}  // namespace

std::string canonical_field(std::string_view name) {
    std::string n = text::ascii_lower(name);
    if (n == "name" || n == "names" || n == "author") return "name";
    if (n == "title" || n == "titles") return "title";
    if (n == "interest" || n == "interests") return "interest";
    if (n == "skill" || n == "skills") return "skill";
    if (n == "institution" || n == "institutions" || n == "inst") return "institution";
    if (n == "affiliation" || n == "affiliations" || n == "affiliated") return "affiliation";
    if (n == "venue" || n == "venues") return "venue";
    if (n == "year" || n == "years") return "year";
    return {};
}

PreparedQuery prepare_query(std::string_view query, const analysis::Analyzer& analyzer, bool wildcards_as_fields) {
    StopWordsDropped natural = drop_stop_words(query);  // same length: offsets stay valid
    PreparedQuery prepared = Lexer(natural.query, analyzer, wildcards_as_fields).run();
    prepared.dropped_words = std::move(natural.words);
    return prepared;
}

}  // namespace cvsearch::search
