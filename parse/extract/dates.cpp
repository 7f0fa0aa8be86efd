// Year ranges: a small tokenizer and a pattern matcher over its tokens.
#include "parse/extract/dates.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <unordered_map>
#include <string>

#include "core/text.hpp"
#include "parse/extract/chars.hpp"

namespace cvsearch::extract {
namespace {

// present_mark: a sign that leaves a range open ("至今", an ellipsis after a dash).
enum class Tok { word, number, dash, slash, dot, comma, apostrophe, space, present_mark, other };

struct Token {
    Tok kind;
    std::size_t begin;
    std::size_t end;
    std::string text;  // lower-cased for words
};

std::vector<Token> tokenize(std::string_view s) {
    std::vector<Token> out;
    out.reserve(std::min<std::size_t>(s.size() / 2 + 1, 256));  // words and the spaces between them, for a line
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t at = i;
        unsigned char b = static_cast<unsigned char>(s[i]);
        // Words are runs of Latin letters, accented ones included ("février", "März"),
        // folded to ASCII ("fevrier", "marz") for the month and "present" tables.
        auto accented_letter_at = [&](std::size_t k) {  // s[k] >= 0x80
            std::size_t j = k;
            char32_t cp = chars::next(s, j);
            return cp < 0x250 && chars::is_letter(cp);
        };
        if (std::isalpha(b) || (b >= 0x80 && accented_letter_at(i))) {
            bool ascii = true;
            for (;;) {
                while (i < s.size() && std::isalpha(static_cast<unsigned char>(s[i]))) ++i;
                if (i < s.size() && static_cast<unsigned char>(s[i]) >= 0x80 && accented_letter_at(i)) {
                    ascii = false;
                    chars::next(s, i);
                    continue;
                }
                break;
            }
            std::string_view w = s.substr(at, i - at);
            out.push_back({Tok::word, at, i, ascii ? text::ascii_lower(w) : text::fold(w)});
            continue;
        }
        if (std::isdigit(b)) {
            while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
            out.push_back({Tok::number, at, i, std::string(s.substr(at, i - at))});
            continue;
        }
        char32_t c = chars::next(s, i);
        Tok kind = Tok::other;
        if (c == U'-' || c == U'\u2010' || c == U'\u2011' || c == U'\u2012' || c == U'\u2013' || c == U'\u2014' ||
            c == U'\u2212' || c == U'~' || c == U'\u2192' || c == U'\uFF5E')
            kind = Tok::dash;
        else if (c == U'/') kind = Tok::slash;
        else if (c == U'.') kind = Tok::dot;
        else if (c == U',') kind = Tok::comma;
        else if (c == U'\'' || c == U'\u2019' || c == U'\u2018' || c == U'\u2032' || c == U'`') kind = Tok::apostrophe;
        else if (chars::is_space(c)) kind = Tok::space;
        else if (c == U'\u81F3' && i < s.size()) {  // 至今 "until now"
            std::size_t j = i;
            if (chars::next(s, j) == U'\u4ECA') {
                i = j;
                kind = Tok::present_mark;
            }
        }
        // "2019-…", "2019 – …": an ellipsis after a range dash leaves the range open, like "present".
        if (c == U'\u2026') {
            auto prev = std::find_if(out.rbegin(), out.rend(), [](const Token& t) { return t.kind != Tok::space; });
            if (prev != out.rend() && prev->kind == Tok::dash) kind = Tok::present_mark;
        }
        if (kind == Tok::space && !out.empty() && out.back().kind == Tok::space) {
            out.back().end = i;
            continue;
        }
        out.push_back({kind, at, i, {}});
    }
    return out;
}

int month_number(std::string_view w) {
    if (w.size() < 3 || w.size() > 10) return 0;
    // English abbreviations and names, then German, French, Spanish, Italian and
    // Portuguese (folded: "février" -> "fevrier"); one hash lookup per word.
    static const std::unordered_map<std::string_view, int> months = [] {
        std::unordered_map<std::string_view, int> m;
        const std::pair<std::string_view, int> names[] = {
            {"jan", 1}, {"feb", 2}, {"mar", 3}, {"apr", 4}, {"may", 5}, {"jun", 6}, {"jul", 7}, {"aug", 8}, {"sep", 9},
            {"sept", 9}, {"oct", 10}, {"nov", 11}, {"dec", 12}, {"january", 1}, {"february", 2}, {"march", 3},
            {"april", 4}, {"june", 6}, {"july", 7}, {"august", 8}, {"september", 9}, {"october", 10}, {"november", 11},
            {"december", 12},
            {"januar", 1}, {"janvier", 1}, {"enero", 1}, {"gennaio", 1}, {"janeiro", 1}, {"februar", 2}, {"fevrier", 2},
            {"febrero", 2}, {"febbraio", 2}, {"fevereiro", 2}, {"marz", 3}, {"maerz", 3}, {"mars", 3}, {"marzo", 3},
            {"marco", 3}, {"avril", 4}, {"abril", 4}, {"aprile", 4}, {"mai", 5}, {"mayo", 5}, {"maggio", 5}, {"maio", 5},
            {"juni", 6}, {"juin", 6}, {"junio", 6}, {"giugno", 6}, {"junho", 6}, {"juli", 7}, {"juillet", 7}, {"julio", 7},
            {"luglio", 7}, {"julho", 7}, {"aout", 8}, {"agosto", 8}, {"septembre", 9}, {"septiembre", 9}, {"setiembre", 9},
            {"settembre", 9}, {"setembro", 9}, {"oktober", 10}, {"octobre", 10}, {"octubre", 10}, {"ottobre", 10},
            {"outubro", 10}, {"novembre", 11}, {"noviembre", 11}, {"novembro", 11}, {"dezember", 12}, {"decembre", 12},
            {"diciembre", 12}, {"dicembre", 12}, {"dezembro", 12}};
        for (const auto& [name, number] : names) m.emplace(name, number);
        return m;
    }();
    auto it = months.find(w);
    return it == months.end() ? 0 : it->second;
}

bool is_season(std::string_view w) {
    return w == "spring" || w == "summer" || w == "fall" || w == "autumn" || w == "winter";
}

bool is_present(std::string_view w) {
    return w == "present" || w == "now" || w == "current" || w == "currently" || w == "today" || w == "ongoing" ||
           w == "date" || w == "heute" || w == "presente" || w == "actuel" || w == "aujourd" || w == "actualidad" ||
           w == "hoy" || w == "oggi" || w == "atual" || w == "atualmente" || w == "jetzt" || w == "laufend";
}

bool is_range_word(std::string_view w) { return w == "to" || w == "until" || w == "till" || w == "through" || w == "bis"; }

int two_digit_year(int yy) { return yy <= 39 ? 2000 + yy : 1900 + yy; }

// "03.2019", "10.2021", "01.10.2021": a two-digit month (and a day) and a dot before
// the year at token k, as European CVs date. Not a one-digit "3.2019" (a decimal),
// a DOI ("10.2021/...") or a longer chain of numbers ("1.2.10.2021").
bool month_dot_year(const std::vector<Token>& t, std::size_t k) {
    auto number = [&](std::size_t j, std::size_t digits, int lo, int hi) {
        return t[j].kind == Tok::number && t[j].text.size() <= 2 && t[j].text.size() >= digits && std::stoi(t[j].text) >= lo &&
               std::stoi(t[j].text) <= hi;
    };
    if (k < 2 || t[k - 1].kind != Tok::dot || !number(k - 2, 2, 1, 12)) return false;
    if (k + 1 < t.size() && t[k + 1].kind == Tok::slash) return false;
    std::size_t first = k - 2;  // the month, or the day before it ("1.10.2021")
    if (first >= 2 && t[first - 1].kind == Tok::dot && number(first - 2, 1, 1, 31)) first -= 2;
    if (first == 0) return true;
    const Tok before = t[first - 1].kind;
    return before != Tok::dot && before != Tok::number && before != Tok::word && before != Tok::slash;
}

// A four-digit number is a year unless it is glued into an identifier or a
// decimal: "arXiv:2504.20854", "10.1145/2019.123", "v2019", "3.2019", "2019a".
// (A month before it, "10.2021", is a date: month_dot_year.)
// Glued after a word of two or more letters it still is ("NeurIPS2020") when
// after_word is set.
bool standalone_year(const std::vector<Token>& t, std::string_view s, std::size_t k, bool after_word) {
    auto is = [&](std::size_t j, Tok kind) { return j < t.size() && t[j].kind == kind; };
    if (!is(k, Tok::number) || t[k].text.size() != 4 || !plausible_year(std::stoi(t[k].text))) return false;
    if (k > 0) {
        const Token& p = t[k - 1];
        if (p.kind == Tok::word && !(after_word && p.text.size() >= 2)) return false;
        if (p.kind == Tok::number) return false;
        if (p.kind == Tok::other) {
            char c = s[p.begin];
            if (c == ':' || c == '#' || c == '@' || c == '_' || c == '=' || c == '+' || c == '%' || c == '$') return false;
        }
        if (p.kind == Tok::dot && k >= 2 && t[k - 2].kind == Tok::number && !month_dot_year(t, k)) return false;
        if (p.kind == Tok::slash && k >= 2 && (t[k - 2].kind == Tok::number && t[k - 2].text.size() > 2)) return false;
        if (p.kind == Tok::slash && k >= 2 && t[k - 2].kind == Tok::word) return false;  // "abs/2101"
    }
    if (is(k + 1, Tok::number)) return false;
    if ((is(k + 1, Tok::dot) || is(k + 1, Tok::slash)) && is(k + 2, Tok::number) && t[k + 2].text.size() > 2) return false;
    if (is(k + 1, Tok::word)) {
        const std::string& w = t[k + 1].text;
        bool ok = w == "s" || w == "to" || w == "now" || w == "present" || w == "ieee" || w.size() >= 3;
        if (!ok) return false;  // "2019a", "2019b" citation keys
    }
    return true;
}

class Matcher {
  public:
    explicit Matcher(std::string_view s) : s_(s), t_(tokenize(s)) {}

    std::vector<DateSpan> spans() {
        std::vector<DateSpan> out;
        std::size_t k = 0;
        while (k < t_.size()) {
            if (auto span = range_at(k, &k)) out.push_back(*span);
            else ++k;
        }
        return out;
    }

  private:
    struct Date {
        int year;
        std::size_t begin, end, next;
    };

    const Token* tok(std::size_t k) const { return k < t_.size() ? &t_[k] : nullptr; }
    bool is(std::size_t k, Tok kind) const { return k < t_.size() && t_[k].kind == kind; }
    std::size_t skip_space(std::size_t k) const { return is(k, Tok::space) ? k + 1 : k; }

    bool year_token(std::size_t k) const { return standalone_year(t_, s_, k, false); }

    // Month or season prefix: "Aug", "Aug.", "Fall". Returns the index after it.
    std::optional<std::size_t> month_prefix(std::size_t k, bool* season) const {
        const Token* t = tok(k);
        if (!t || t->kind != Tok::word) return std::nullopt;
        bool m = month_number(t->text) != 0, se = is_season(t->text);
        if (!m && !se) return std::nullopt;
        if (season) *season = se;
        std::size_t j = k + 1;
        if (is(j, Tok::dot)) ++j;
        return j;
    }

    std::optional<Date> date_at(std::size_t k) const {
        const Token* t = tok(k);
        if (!t) return std::nullopt;
        // Month/season + year: "Aug 2021", "Sept. 2019", "May'23", "Spring 21", "April 11, 2024".
        bool season = false;
        if (auto j = month_prefix(k, &season)) {
            std::size_t y = skip_space(*j);
            if (year_token(y)) return Date{std::stoi(t_[y].text), t->begin, t_[y].end, y + 1};
            if (is(y, Tok::apostrophe) && is(y + 1, Tok::number) && t_[y + 1].text.size() == 2)
                return Date{two_digit_year(std::stoi(t_[y + 1].text)), t->begin, t_[y + 1].end, y + 2};
            if (season && y != *j && is(y, Tok::number) && t_[y].text.size() == 2 && !is(y + 1, Tok::word))
                return Date{two_digit_year(std::stoi(t_[y].text)), t->begin, t_[y].end, y + 1};
            if (!season && is(y, Tok::number) && t_[y].text.size() <= 2) {  // "April 11, 2024"
                std::size_t z = y + 1;
                if (is(z, Tok::comma)) ++z;
                z = skip_space(z);
                if (year_token(z)) return Date{std::stoi(t_[z].text), t->begin, t_[z].end, z + 1};
            }
            return std::nullopt;
        }
        if (t->kind == Tok::apostrophe && is(k + 1, Tok::number) && t_[k + 1].text.size() == 2 && !is(k + 2, Tok::number))
            return Date{two_digit_year(std::stoi(t_[k + 1].text)), t->begin, t_[k + 1].end, k + 2};
        if (t->kind != Tok::number) return std::nullopt;
        // "09/2017", "09.2017", "9-2017"; "30.09.2023", "07/15/2020"; "11 April 2024".
        if (t->text.size() <= 2 && (k == 0 || (t_[k - 1].kind != Tok::slash && t_[k - 1].kind != Tok::dot))) {
            if ((is(k + 1, Tok::dot) || is(k + 1, Tok::slash)) && is(k + 2, Tok::number) && t_[k + 2].text.size() <= 2 &&
                is(k + 3, t_[k + 1].kind) && year_token(k + 4))
                return Date{std::stoi(t_[k + 4].text), t->begin, t_[k + 4].end, k + 5};
            int mm = std::stoi(t->text);
            if ((is(k + 1, Tok::slash) || is(k + 1, Tok::dot) || is(k + 1, Tok::dash)) && year_token(k + 2) && mm >= 1 && mm <= 12)
                return Date{std::stoi(t_[k + 2].text), t->begin, t_[k + 2].end, k + 3};
            std::size_t j = skip_space(k + 1);
            if (j != k + 1 && tok(j) && t_[j].kind == Tok::word && month_number(t_[j].text)) {
                std::size_t y = j + 1;
                if (is(y, Tok::dot)) ++y;
                if (is(y, Tok::comma)) ++y;  // "24 March, 2021"
                y = skip_space(y);
                if (year_token(y)) return Date{std::stoi(t_[y].text), t->begin, t_[y].end, y + 1};
            }
            return std::nullopt;
        }
        if (!year_token(k)) return std::nullopt;
        // "2019-05", "2017/09", "2017.09": a month after the year belongs to this date.
        int year = std::stoi(t->text);
        if ((is(k + 1, Tok::slash) || is(k + 1, Tok::dot) || is(k + 1, Tok::dash)) && is(k + 2, Tok::number) &&
            t_[k + 2].text.size() == 2 && !is(k + 3, Tok::number)) {
            int mm = std::stoi(t_[k + 2].text);
            bool month = mm >= 1 && mm <= 12 && (t_[k + 2].text[0] == '0' || !is(k + 1, Tok::dash) || mm != (year + 1) % 100);
            if (month) return Date{year, t->begin, t_[k + 2].end, k + 3};
        }
        return Date{year, t->begin, t->end, k + 1};
    }

    // "-", "–", "to", "until": returns the index after the separator and spaces.
    std::optional<std::size_t> separator_at(std::size_t k) const {
        std::size_t j = skip_space(k);
        const Token* t = tok(j);
        if (!t) return std::nullopt;
        if (t->kind == Tok::dash) {
            ++j;
            while (is(j, Tok::dash)) ++j;  // "--"
        } else if (t->kind == Tok::word && is_range_word(t->text)) {
            ++j;
        } else {
            return std::nullopt;
        }
        return skip_space(j);
    }

    bool present_at(std::size_t k) const {
        const Token* t = tok(k);
        return t && ((t->kind == Tok::word && is_present(t->text)) || t->kind == Tok::present_mark);
    }

    // The "since" (from, seit, depuis, desde) right before token k: its token, or npos.
    std::size_t since_word(std::size_t k) const {
        std::size_t j = k;
        if (j > 0 && t_[j - 1].kind == Tok::space) --j;
        if (j == 0 || t_[j - 1].kind != Tok::word) return std::string::npos;
        const std::string& w = t_[j - 1].text;
        const bool since = w == "since" || w == "from" || w == "seit" || w == "depuis" || w == "desde";
        return since ? j - 1 : std::string::npos;
    }

    // Nothing but spaces and closing punctuation until the end of the string or a column gap.
    bool dangling_after(std::size_t k) const {
        for (std::size_t j = k; j < t_.size(); ++j) {
            const Token& t = t_[j];
            if (t.kind == Tok::space) {
                if (t.end - t.begin >= 2 || s_.substr(t.begin, t.end - t.begin).find('\t') != std::string_view::npos) return true;
                continue;
            }
            if (t.kind == Tok::other && (s_[t.begin] == ')' || s_[t.begin] == ']' || s_[t.begin] == ':' || s_[t.begin] == '|'))
                return true;
            if (t.kind == Tok::comma) return true;
            return false;
        }
        return true;
    }

    // "07/15", "12/98": a month and a two-digit year, only taken as part of a
    // range (short_range_at); alone it is as likely a day and a month, or a score.
    std::optional<Date> short_date_at(std::size_t k) const {
        if (!is(k, Tok::number) || t_[k].text.size() > 2 || !is(k + 1, Tok::slash) || !is(k + 2, Tok::number) ||
            t_[k + 2].text.size() != 2)
            return std::nullopt;
        if (k > 0 && (t_[k - 1].kind == Tok::slash || t_[k - 1].kind == Tok::dot || t_[k - 1].kind == Tok::number))
            return std::nullopt;
        if (is(k + 3, Tok::slash) || is(k + 3, Tok::dot) || is(k + 3, Tok::number)) return std::nullopt;  // "07/15/2020"
        const int mm = std::stoi(t_[k].text);
        if (mm < 1 || mm > 12) return std::nullopt;
        return Date{two_digit_year(std::stoi(t_[k + 2].text)), t_[k].begin, t_[k + 2].end, k + 3};
    }

    // "07/15 - present", "12/98 - 06/01" (LaTeX CVs): month/year to month/year or to now.
    std::optional<DateSpan> short_range_at(std::size_t k, std::size_t* next) const {
        auto d1 = short_date_at(k);
        if (!d1) return std::nullopt;
        auto j = separator_at(d1->next);
        if (!j) return std::nullopt;
        DateSpan span;
        span.begin = d1->begin;
        span.range.start = d1->year;
        if (auto d2 = short_date_at(*j)) {
            if (d2->year < d1->year) return std::nullopt;
            span.range.end = d2->year;
            span.end = d2->end;
            *next = d2->next;
        } else if (present_at(*j)) {
            span.range.current = true;
            span.end = t_[*j].end;
            *next = *j + 1;
        } else {
            return std::nullopt;
        }
        return span;
    }

    std::optional<DateSpan> range_at(std::size_t k, std::size_t* next) const {
        auto d1 = date_at(k);
        if (!d1) return short_range_at(k, next);
        DateSpan span;
        span.begin = d1->begin;
        span.end = d1->end;
        span.range.start = d1->year;
        span.range.end = d1->year;
        *next = d1->next;
        if (std::size_t w = since_word(k); w != std::string::npos) {
            span.range.end.reset();
            span.range.current = true;
            span.begin = t_[w].begin;  // "Since 2021: Role, Place": the word is part of the date
        }
        if (auto j = separator_at(d1->next)) {
            if (auto d2 = date_at(*j)) {
                span.range.end = d2->year;
                span.range.current = false;
                span.end = d2->end;
                *next = d2->next;
            } else if (present_at(*j)) {
                span.range.end.reset();
                span.range.current = true;
                span.end = t_[*j].end;
                *next = *j + 1;
            } else if (is(*j, Tok::number) && t_[*j].text.size() == 2 && !is(*j + 1, Tok::number) && !is(*j + 1, Tok::word)) {
                int end = (*span.range.start / 100) * 100 + std::stoi(t_[*j].text);  // "2018-20"
                if (end > *span.range.start && end - *span.range.start < 15) {
                    span.range.end = end;
                    span.end = t_[*j].end;
                    *next = *j + 1;
                }
            } else if (dangling_after(*j)) {  // "Aug 2024 –": still there
                span.range.end.reset();
                span.range.current = true;
                std::size_t sep = skip_space(d1->next);
                span.end = t_[sep].end;
                *next = *j;
            }
        } else {
            std::size_t k2 = skip_space(d1->next);
            if (present_at(k2)) {  // "Sep 2021 Present"
                span.range.end.reset();
                span.range.current = true;
                span.end = t_[k2].end;
                *next = k2 + 1;
            }
        }
        if (span.range.end && span.range.start && *span.range.end < *span.range.start) span.range.end = span.range.start;
        return span;
    }

    std::string_view s_;
    std::vector<Token> t_;
};

}  // namespace

bool plausible_year(int year) { return year >= 1950 && year <= 2039; }

std::optional<int> trailing_month_year(std::string_view s) {
    auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
    while (!s.empty() && (s.back() == ' ' || s.back() == '.' || s.back() == ')' || s.back() == ']' || s.back() == ';'))
        s.remove_suffix(1);
    // ... M/YY or MM/YY, alone: after the start, a space, a comma or a bracket.
    if (s.size() < 4 || !is_digit(s[s.size() - 1]) || !is_digit(s[s.size() - 2]) || s[s.size() - 3] != '/') return std::nullopt;
    std::size_t m = s.size() - 3, mb = m;
    while (mb > 0 && is_digit(s[mb - 1]) && m - mb < 3) --mb;
    if (m - mb == 0 || m - mb > 2) return std::nullopt;
    if (mb > 0 && s[mb - 1] != ' ' && s[mb - 1] != ',' && s[mb - 1] != '(' && s[mb - 1] != '[') return std::nullopt;
    const int month = std::stoi(std::string(s.substr(mb, m - mb)));
    if (month < 1 || month > 12) return std::nullopt;
    return two_digit_year(std::stoi(std::string(s.substr(s.size() - 2))));
}

namespace {

// Every date has a number in it (a year, a month, a two-digit year): a text without an
// ASCII digit has none, and is not worth tokenizing (most lines of a CV have no date).
bool has_ascii_digit(std::string_view s) {
    return std::any_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::vector<DateSpan> find_date_spans(std::string_view s) {
    if (!has_ascii_digit(s)) return {};
    return Matcher(s).spans();
}

std::optional<YearRange> find_year_range(std::string_view s) {
    auto spans = find_date_spans(s);
    if (spans.empty()) return std::nullopt;
    return spans.front().range;
}

std::vector<YearMention> find_years(std::string_view s) {
    std::vector<YearMention> out;
    if (!has_ascii_digit(s)) return out;
    auto toks = tokenize(s);
    auto is = [&](std::size_t k, Tok kind) { return k < toks.size() && toks[k].kind == kind; };
    for (std::size_t k = 0; k < toks.size(); ++k) {
        const Token& t = toks[k];
        if (standalone_year(toks, s, k, true)) {
            out.push_back({std::stoi(t.text), t.begin, t.end, false});
        } else if (t.kind == Tok::apostrophe && is(k + 1, Tok::number) && toks[k + 1].text.size() == 2 && !is(k + 2, Tok::number) &&
                   !(is(k + 2, Tok::apostrophe)) && !is(k + 2, Tok::word)) {
            // "SOSP '23", "OSDI’24", "[SOSP ‘23]": only after a word, so a quoted "'95 nums'" is not taken.
            std::size_t p = k;
            if (p > 0 && toks[p - 1].kind == Tok::space) --p;
            if (p > 0 && (toks[p - 1].kind == Tok::word || toks[p - 1].kind == Tok::other))
                out.push_back({two_digit_year(std::stoi(toks[k + 1].text)), t.begin, toks[k + 1].end, true});
        }
    }
    return out;
}

namespace {

// Words that may sit next to dates: "Since", "present", "expected".
bool stands_beside_dates(std::string_view w) {
    return w == "since" || w == "from" || w == "expected" || w == "present" || w == "now" || w == "current" || w == "to" ||
           w == "and" || w == "ongoing" || w == "exp";
}

// A word a date is made of (a month, a season, "present", "to") or one beside dates.
bool date_word(std::string_view w) {
    return month_number(w) != 0 || is_season(w) || is_present(w) || is_range_word(w) || stands_beside_dates(w);
}

// True when ASCII `s` has a whole word (no letter, digit or apostrophe glued to it) that
// is no date word: no date span can hold it, and the text around the spans keeps it as
// it is, so `s` is not only dates ("Best Paper Award, 2019"). Decided without tokenizing.
bool has_other_word(std::string_view s) {
    auto glue = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '\'' || c == '`'; };
    for (std::size_t i = 0; i < s.size();) {
        if (!std::isalpha(static_cast<unsigned char>(s[i]))) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < s.size() && std::isalpha(static_cast<unsigned char>(s[end]))) ++end;
        const bool whole = (i == 0 || !glue(s[i - 1])) && (end == s.size() || !glue(s[end]));
        if (whole && !date_word(text::ascii_lower(s.substr(i, end - i)))) return true;
        i = end;
    }
    return false;
}

bool is_ascii(std::string_view s) {
    return std::none_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

// "(6 months)", "(2 Months)", "(10 weeks)": how long, beside the dates of an entry.
bool is_duration(std::string_view inner) {
    inner = text::trim(inner);
    std::size_t i = 0;
    while (i < inner.size() && (std::isdigit(static_cast<unsigned char>(inner[i])) || inner[i] == '.')) ++i;
    if (i == 0 || i > 4) return false;
    const std::string unit = text::ascii_lower(text::trim(inner.substr(i)));
    for (std::string_view u : {"day", "days", "week", "weeks", "month", "months", "mo", "mos", "year", "years", "yr", "yrs"})
        if (unit == u) return true;
    return false;
}

// `s` without the durations in brackets it holds; std::nullopt when it holds none.
std::optional<std::string> without_durations(std::string_view s) {
    std::string out;
    std::size_t at = 0;
    for (std::size_t open = s.find('('); open != std::string_view::npos; open = s.find('(', open + 1)) {
        std::size_t close = s.find(')', open);
        if (close == std::string_view::npos) break;
        if (!is_duration(s.substr(open + 1, close - open - 1))) continue;
        out.append(s.substr(at, open - at));
        at = close + 1;
        open = close;
    }
    if (at == 0) return std::nullopt;
    out.append(s.substr(at));
    return out;
}

}  // namespace

bool is_only_dates(std::string_view s) {
    std::optional<std::string> shorter;
    if (s.find('(') != std::string_view::npos && (shorter = without_durations(s))) s = *shorter;  // "2011 (6 months)"
    if (is_ascii(s) && has_other_word(s)) return false;  // the common case, without tokenizing
    auto spans = find_date_spans(s);
    if (spans.empty()) return false;
    std::string rest;
    std::size_t at = 0;
    for (const auto& sp : spans) {
        rest.append(s.substr(at, sp.begin - at));
        at = sp.end;
    }
    rest.append(s.substr(at));
    for (std::size_t i = 0; i < rest.size();) {
        char32_t c = chars::next(rest, i);
        if (chars::is_letter(c) || chars::is_digit(c)) {
            std::size_t j = i;
            while (j < rest.size() && std::isalpha(static_cast<unsigned char>(rest[j]))) ++j;
            std::size_t start = i - 1;
            while (start > 0 && std::isalpha(static_cast<unsigned char>(rest[start - 1]))) --start;
            if (stands_beside_dates(text::ascii_lower(std::string_view(rest).substr(start, j - start)))) {
                i = j;
                continue;
            }
            return false;
        }
    }
    return true;
}

}  // namespace cvsearch::extract
