#include "vocabulary/analyzer.hpp"

#include <algorithm>
#include <array>

#include "core/text.hpp"
#include "vocabulary/schema.hpp"

namespace cvsearch::analysis {
namespace {

/// One code point and where it sits.
struct CodePoint {
    unsigned value = 0;
    std::size_t begin = 0;
    std::size_t end = 0;
};

/// The code point that starts at byte `at` of `text` (at < text.size()),
/// decoded the way Xapian's tokenizer decodes it (Utf8Iterator, which also
/// decides what an invalid byte is). Decoding one code point at a time, rather
/// than the whole text into an array first, was most of scan()'s time.
[[gnu::noinline]] CodePoint non_ascii_code_point_at(std::string_view text, std::size_t at) {
    Xapian::Utf8Iterator it, end;  // (assign, not the constructor: spares a false GCC warning)
    it.assign(text.data() + at, text.size() - at);
    CodePoint cp{*it, at, 0};
    ++it;
    cp.end = it == end ? text.size() : static_cast<std::size_t>(it.raw() - text.data());
    return cp;
}

inline CodePoint code_point_at(std::string_view text, std::size_t at) {
    const auto byte = static_cast<unsigned char>(text[at]);
    if (byte < 0x80) [[likely]] return {byte, at, at + 1};  // most CV text is ASCII
    return non_ascii_code_point_at(text, at);
}

/// Xapian::Unicode::is_wordchar, with the answers for ASCII looked up in a
/// table made from it (the category lookup was a few % of highlighting).
inline bool is_wordchar(unsigned c) {
    static const auto ascii = [] {
        std::array<bool, 128> t{};
        for (unsigned k = 0; k < 128; ++k) t[k] = Xapian::Unicode::is_wordchar(k);
        return t;
    }();
    return c < 128 ? ascii[c] : Xapian::Unicode::is_wordchar(c);
}

bool is_joiner(unsigned c) {
    return c == '-' || c == 0x2010 || c == 0x2011 || c == '\'' || c == 0x2019;
}
bool is_apostrophe(unsigned c) { return c == '\'' || c == 0x2019; }

/// One run of word characters, folded.
struct Part {
    std::size_t begin, end;
    std::string folded;
};

/// A word as written: one or more parts separated by joiners, stored as a range
/// of Scan::parts (one array for the whole text: no allocation per word).
struct Word {
    std::size_t first_part = 0, part_count = 0;
    std::size_t begin = 0, end = 0;
    std::size_t consumed_end = 0;  ///< end including a dropped possessive
};

struct Scan {
    std::vector<Part> parts;
    std::vector<Word> words;
    const Part& part(const Word& w, std::size_t i) const { return parts[w.first_part + i]; }
};

bool has_letter(std::string_view folded) {
    Xapian::Utf8Iterator it(folded.data(), folded.size()), end;
    for (; it != end; ++it)
        if (Xapian::Unicode::is_wordchar(*it) && Xapian::Unicode::get_category(*it) != Xapian::Unicode::DECIMAL_DIGIT_NUMBER) return true;
    return false;
}

Scan scan(std::string_view text) {
    Scan out;
    auto& parts = out.parts;
    auto& words = out.words;
    const std::size_t n = text.size();
    std::size_t pos = 0;
    std::vector<unsigned> joiners;  // the joiners of the current word
    while (pos < n) {
        CodePoint c = code_point_at(text, pos);
        if (!is_wordchar(c.value)) { pos = c.end; continue; }
        const std::size_t first = parts.size();
        joiners.clear();
        while (true) {  // c is the first word character of a part
            const std::size_t b = c.begin;
            std::size_t e = c.end;
            pos = c.end;
            while (pos < n) {
                c = code_point_at(text, pos);
                if (!is_wordchar(c.value)) break;
                e = pos = c.end;
            }
            parts.push_back({b, e, text::fold(text.substr(b, e - b))});
            if (pos < n && is_joiner(c.value) && c.end < n) {  // c: the character after the part
                CodePoint next = code_point_at(text, c.end);
                if (is_wordchar(next.value)) {
                    joiners.push_back(c.value);
                    c = next;
                    continue;
                }
            }
            break;
        }
        // A trailing possessive: "...'s".
        std::size_t consumed_end = parts.back().end;
        if (parts.size() - first > 1 && parts.back().folded == "s" && is_apostrophe(joiners.back())) {
            parts.pop_back();
            joiners.pop_back();
        }
        const std::size_t count = parts.size() - first;
        // Numbers are not compounds: "2019-2021" is two words.
        bool splittable = count > 1 && std::all_of(parts.begin() + static_cast<std::ptrdiff_t>(first), parts.end(),
                                                   [](const Part& p) { return has_letter(p.folded); });
        if (count > 1 && !splittable) {
            for (std::size_t k = first; k < parts.size(); ++k)
                words.push_back({k, 1, parts[k].begin, parts[k].end, parts[k].end});
            continue;
        }
        words.push_back({first, count, parts[first].begin, parts.back().end, consumed_end});
    }
    return out;
}

std::string joined(const Scan& s, const Word& w, std::size_t first, std::size_t last) {
    std::string out;
    for (std::size_t i = first; i <= last; ++i) out += s.part(w, i).folded;
    return out;
}

/// Compounds with more parts than this only get their full joined form.
constexpr std::size_t max_parts_for_subcompounds = 4;

}  // namespace

Analyzer::Analyzer() : Analyzer(SynonymTable::builtin()) {}
Analyzer::Analyzer(const SynonymTable& synonyms) : synonyms_(&synonyms), stemmer_("english") {}

namespace {

std::vector<Token> tokens_of(Scan& s) {
    std::vector<Token> out;
    out.reserve(s.words.size());
    for (const auto& w : s.words) {
        const std::size_t n = w.part_count;
        if (n == 1) {  // the common case: nothing joined, the folded form can move
            Part& p = s.parts[w.first_part];
            out.push_back(Token{p.begin, p.end, std::move(p.folded), false});
            continue;
        }
        for (std::size_t i = 0; i < n; ++i) {
            const Part& p = s.part(w, i);
            out.push_back(Token{p.begin, p.end, p.folded, false});
        }
        out.push_back(Token{w.begin, w.end, joined(s, w, 0, n - 1), true});
        if (n > max_parts_for_subcompounds) continue;
        for (std::size_t len = n - 1; len >= 2; --len)  // "O'Donnell-Hayes": also odonnell, donnellhayes
            for (std::size_t first = 0; first + len <= n; ++first)
                out.push_back(Token{s.part(w, first).begin, s.part(w, first + len - 1).end,
                                    joined(s, w, first, first + len - 1), true});
    }
    return out;
}

std::string prepared(std::string_view text, const Scan& s) {
    std::string out;
    out.reserve(text.size());
    std::size_t pos = 0;
    for (const auto& w : s.words) {
        out.append(text.substr(pos, w.begin - pos));
        for (std::size_t i = 0; i < w.part_count; ++i) {
            if (i) out.push_back('-');
            out += s.part(w, i).folded;
        }
        pos = w.consumed_end;
    }
    out.append(text.substr(pos));
    return out;
}

}  // namespace

std::vector<Token> Analyzer::tokenize(std::string_view text) const {
    auto words = scan(text);
    return tokens_of(words);
}

std::string Analyzer::prepare(std::string_view text) const { return prepared(text, scan(text)); }

std::string Analyzer::stem(std::string_view folded_word) const { return stemmer_(std::string(folded_word)); }

std::vector<ConceptMatch> Analyzer::concepts(std::string_view text) const { return concepts(tokenize(text)); }

std::vector<ConceptMatch> Analyzer::concepts(const std::vector<Token>& tokens) const {
    std::vector<ConceptMatch> out;
    if (synonyms_->size() == 0) return out;
    // Multi-word forms match consecutive parts; a one-word form also matches a joined compound.
    std::vector<std::size_t> parts;
    for (std::size_t i = 0; i < tokens.size(); ++i)
        if (!tokens[i].compound) parts.push_back(i);
    for (std::size_t k = 0; k < parts.size(); ++k) {
        const Token& first = tokens[parts[k]];
        for (const auto* form : synonyms_->forms_starting_with(first.term)) {
            if (k + form->words.size() > parts.size()) continue;
            bool match = true;
            for (std::size_t j = 1; j < form->words.size() && match; ++j)
                match = tokens[parts[k + j]].term == form->words[j];
            if (!match) continue;
            const Token& last = tokens[parts[k + form->words.size() - 1]];
            for (const auto& c : form->concepts) out.push_back({first.begin, last.end, c});
            break;  // longest form first
        }
    }
    for (const auto& t : tokens) {
        if (!t.compound) continue;
        for (const auto* form : synonyms_->forms_starting_with(t.term))
            if (form->words.size() == 1)
                for (const auto& c : form->concepts) out.push_back({t.begin, t.end, c});
    }
    return out;
}

void Analyzer::add_word(Xapian::Document& doc, std::string_view folded_word, unsigned wdf,
                        std::string_view prefix) const {
    if (folded_word.empty() || folded_word.size() > 64) return;  // TermGenerator's own word limit
    std::string term = std::string(prefix) + std::string(folded_word);
    if (term.size() > schema::max_term_bytes) return;
    doc.add_term(term, wdf);
    std::string stemmed = stem(folded_word);
    if (!stemmed.empty()) doc.add_term("Z" + std::string(prefix) + stemmed, wdf);
}

void Analyzer::index_text(Xapian::TermGenerator& generator, Xapian::Document& doc, std::string_view text,
                          unsigned wdf, std::string_view prefix, bool with_positions) const {
    if (text::trim(text).empty()) return;
    auto words = scan(text);  // once for both the prepared text and the tokens
    if (with_positions) {
        generator.index_text(prepared(text, words), wdf, std::string(prefix));
        generator.increase_termpos(schema::position_gap);
    } else {
        generator.index_text_without_positions(prepared(text, words), wdf, std::string(prefix));
    }
    auto tokens = tokens_of(words);
    for (const auto& t : tokens)
        if (t.compound) add_word(doc, t.term, wdf, prefix);
    if (prefix.empty())
        for (const auto& c : concepts(tokens)) doc.add_term(c.term, wdf);
}

void Analyzer::configure(Xapian::TermGenerator& generator) const {
    generator.set_stemmer(stemmer_);
    generator.set_stemming_strategy(Xapian::TermGenerator::STEM_SOME);
}

void Analyzer::configure(Xapian::QueryParser& parser) const {
    parser.set_stemmer(stemmer_);
    parser.set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
    parser.set_default_op(Xapian::Query::OP_AND);
}

}  // namespace cvsearch::analysis
