// Reading one bibliography entry: where the title, the authors and the venue part are.
#include "parse/extract/pub_reading.hpp"

#include <algorithm>
#include <array>

#include "core/text.hpp"
#include "parse/extract/chars.hpp"
#include "parse/extract/dates.hpp"
#include "parse/extract/markup.hpp"
#include "parse/extract/pub_authors.hpp"
#include "parse/extract/pub_venue.hpp"
#include "parse/normalize/normalize.hpp"

namespace cvsearch::extract {

using chars::count_words;

bool mentions_arxiv(std::string_view s) { return text::ascii_lower(s).find("arxiv") != std::string::npos; }

// ---- the venue tag in front ---------------------------------------------------

bool tag_like(std::string_view chunk) {
    chunk = text::trim(chunk);
    if (chunk.empty() || count_words(chunk) > 8 || chars::count_letters(chunk) == 0) return false;
    return !find_years(chunk).empty() || mentions_arxiv(chunk) || mentions_submission(chunk) ||
           (normalize::find_venue(chunk).has_value() && chars::count_upper(chunk) >= 2);
}

std::optional<Tagged> find_tag(std::string_view line) {
    line = text::trim(line);
    if (line.empty()) return std::nullopt;
    // "[SOSP '23] Title"
    if (line.front() == '[') {
        std::size_t close = line.find(']');
        if (close != std::string_view::npos && close < 60) {
            std::string_view inner = line.substr(1, close - 1);
            if (tag_like(inner) && chars::count_letters(inner) >= 2)
                return Tagged{std::string(text::trim(inner)), std::string(text::trim(line.substr(close + 1)))};
        }
    }
    // "MLSys 2026* Title": a lone star after the tag (Markdown bold left half-open).
    std::size_t star = line.find("* ");
    if (star != std::string_view::npos && star > 1 && star < 60 && line[star - 1] != ' ') {
        std::string_view chunk = line.substr(0, star);
        if (chunk.find(',') == std::string_view::npos || !find_years(chunk).empty() || mentions_arxiv(chunk))
            if (tag_like(chunk)) return Tagged{std::string(chunk), std::string(text::trim(line.substr(star + 1)))};
    }
    // "SOSP 2021: Title"
    std::size_t colon = line.find(": ");
    if (colon != std::string_view::npos && colon < 40) {
        std::string_view chunk = line.substr(0, colon);
        auto years = find_years(chunk);
        if (!years.empty() && count_words(chunk) <= 4 && years.back().end + 1 >= chunk.size() && chars::count_letters(chunk) >= 2)
            return Tagged{std::string(chunk), std::string(text::trim(line.substr(colon + 1)))};
    }
    return std::nullopt;
}

// ---- titles -----------------------------------------------------------------------

// "I", "II", "IV", "XII": a part's number in a series of papers.
static bool roman_numeral(std::string_view w) {
    return !w.empty() && w.size() <= 5 && std::all_of(w.begin(), w.end(), [](char c) { return c == 'I' || c == 'V' || c == 'X'; });
}

static bool abbreviation_before(std::string_view s, std::size_t dot) {
    std::size_t b = dot;
    while (b > 0 && std::isalpha(static_cast<unsigned char>(s[b - 1]))) --b;
    // "Giant planets. III. The formation of ...": the part's number and the dots around it
    // are the title's own.
    if (roman_numeral(s.substr(b, dot - b)) && (b == 0 || s[b - 1] == ' ')) return true;
    if (std::size_t r = dot + 2; r < s.size()) {
        std::size_t e = r;
        while (e < s.size() && std::isalpha(static_cast<unsigned char>(s[e]))) ++e;
        if (e > r && e < s.size() && (s[e] == '.' || s[e] == ':') && roman_numeral(s.substr(r, e - r))) return true;
    }
    std::string w = text::ascii_lower(s.substr(b, dot - b));
    static const std::array<const char*, 22> abbrev = {"al", "vs", "eg", "ie", "etc", "proc", "conf", "int", "vol", "no",
                                                       "pp", "dr", "st", "inc", "jr", "fig", "eq", "approx", "cf", "intl",
                                                       "symp", "trans"};
    if (w.size() == 1 && dot - b == 1 && std::isupper(static_cast<unsigned char>(s[b]))) return true;  // an initial
    return std::any_of(abbrev.begin(), abbrev.end(), [&](const char* a) { return w == a; });
}

// "Title, Atmos. Chem. Phys., 10, 2010": a comma part that is a journal's name in ISO 4
// abbreviations has dots that end no sentence, and the comma before it ends the title. The
// offset of that comma, when the dot at `dot` lies in such a part.
static std::optional<std::size_t> comma_before_abbreviated_journal(std::string_view s, std::size_t dot) {
    const std::size_t comma = s.rfind(", ", dot);
    if (comma == std::string_view::npos || comma < 8 || !abbreviated_journal_name(s.substr(comma + 2))) return std::nullopt;
    return comma;
}

// "Title. Venue, 2019." -> {"Title", "Venue, 2019."}; without a sentence end
// and with `comma`, "Title, Venue, 2019" -> {"Title", "Venue, 2019"}.
static std::pair<std::string, std::string> first_sentence(std::string_view s, bool comma = true) {
    s = text::trim(s);
    for (std::size_t i = 0; i + 1 < s.size(); ++i) {
        char c = s[i];
        if ((c == '.' || c == '?' || c == '!') && s[i + 1] == ' ') {
            if (c == '.')
                if (auto comma = comma_before_abbreviated_journal(s, i))
                    return {std::string(s.substr(0, *comma)), std::string(text::trim(s.substr(*comma + 1)))};
            if (c == '.' && abbreviation_before(s, i)) continue;
            if (i < 8) continue;  // too short for a title
            std::size_t keep = c == '.' ? i : i + 1;
            return {std::string(s.substr(0, keep)), std::string(text::trim(s.substr(i + 1)))};
        }
        // 'Capturing the "Whole Tale." Journal': American style puts the period inside the
        // closing quote; the sentence ends after the quote.
        if ((c == '.' || c == '?' || c == '!') && i >= 8) {
            std::size_t quote = 0;
            if (s[i + 1] == '"' || s[i + 1] == '\'') quote = 1;
            else if (s.substr(i + 1, 3) == "\xE2\x80\x9D" || s.substr(i + 1, 3) == "\xE2\x80\x99") quote = 3;
            if (quote > 0 && i + 1 + quote < s.size() && s[i + 1 + quote] == ' ') {
                std::string title = std::string(s.substr(0, c == '.' ? i : i + 1)) + std::string(s.substr(i + 1, quote));
                return {std::move(title), std::string(text::trim(s.substr(i + 1 + quote)))};
            }
        }
    }
    // No sentence end: "Title, Venue, 2019".
    std::size_t at = comma ? s.find(", ") : std::string_view::npos;
    if (at != std::string_view::npos && at > 10) return {std::string(s.substr(0, at)), std::string(s.substr(at + 1))};
    return {std::string(s), {}};
}

std::string clean_title(std::string_view t) {
    std::string s = text::collapse_whitespace(t);
    // "(43/229 = 18.8%) Best Paper Award!": acceptance statistics end the title.
    for (std::size_t open = s.find('('); open != std::string::npos; open = s.find('(', open + 1)) {
        std::size_t close = s.find(')', open);
        if (close == std::string::npos) break;
        std::string_view inner = std::string_view(s).substr(open + 1, close - open - 1);
        if (inner.find('%') != std::string_view::npos || inner.find(" = ") != std::string_view::npos) {
            s = std::string(text::trim(s.substr(0, open)));
            break;
        }
    }
    // "Title (workshop)", "Title (poster)": what kind of paper, said after the title.
    for (std::string_view tag : {" (workshop)", " (poster)", " (short paper)", " (demo)", " (extended abstract)", " (invited)"}) {
        std::string lower = text::ascii_lower(s);
        if (lower.size() > tag.size() && lower.compare(lower.size() - tag.size(), tag.size(), tag) == 0)
            s = std::string(text::trim(s.substr(0, s.size() - tag.size())));
    }
    // Trailing "(43/229)" statistics.
    while (!s.empty() && s.back() == ')') {
        std::size_t open = s.rfind('(');
        if (open == std::string::npos) break;
        std::string_view inner = std::string_view(s).substr(open + 1, s.size() - open - 2);
        if (!chars::has_digit(inner) && inner.find('%') == std::string_view::npos) break;
        s = std::string(text::trim(s.substr(0, open)));
    }
    auto strip_quotes = [](std::string& x) {
        for (std::string_view q : {"\"", "\xE2\x80\x9C", "\xE2\x80\x9D", "'", "\xE2\x80\x98", "\xE2\x80\x99"}) {
            if (x.size() >= q.size() && x.compare(0, q.size(), q) == 0) x.erase(0, q.size());
            if (x.size() >= q.size() && x.compare(x.size() - q.size(), q.size(), q) == 0) x.erase(x.size() - q.size());
        }
    };
    for (int k = 0; k < 2; ++k) {
        strip_quotes(s);
        while (!s.empty() && std::string_view(".,;: ").find(s.back()) != std::string_view::npos) s.pop_back();
        // "Doe, J., et al., Title": the comma after the author list is no part of the title.
        std::size_t lead = 0;
        while (lead < s.size() && std::string_view(",;: ").find(s[lead]) != std::string_view::npos) ++lead;
        s = std::string(text::trim(std::string_view(s).substr(lead)));
    }
    return s;
}

// A single curly quote, ‘Title’ (British style): opened at a word's start, closed by a
// ’ that no letter follows, so that the apostrophe in "Earth’s" closes nothing.
static std::optional<Quote> single_quote_at(std::string_view s, std::size_t i) {
    static constexpr std::string_view open = "\xE2\x80\x98", close = "\xE2\x80\x99";
    if (s.compare(i, open.size(), open) != 0) return std::nullopt;
    if (i > 0 && std::isalnum(static_cast<unsigned char>(s[i - 1]))) return std::nullopt;
    for (std::size_t c = s.find(close, i + open.size()); c != std::string_view::npos; c = s.find(close, c + close.size())) {
        const std::size_t after = c + close.size();
        if (after < s.size() && std::isalpha(static_cast<unsigned char>(s[after]))) continue;
        if (count_words(s.substr(i + open.size(), c - i - open.size())) < 3) return std::nullopt;
        return Quote{i, c, close.size()};
    }
    return std::nullopt;
}

// The first quoted span of at least three words: double quotes, or single curly ones.
std::optional<Quote> find_quote(std::string_view s) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (auto single = single_quote_at(s, i)) return single;
        std::size_t open_len = 0;
        bool curly = false;
        if (s[i] == '"') open_len = 1;
        else if (s.compare(i, 3, "\xE2\x80\x9C") == 0) open_len = 3, curly = true;
        // "Doe. ”Title.” Venue": a closing quote typed where the opening one belongs, at a
        // word's start.
        else if (s.compare(i, 3, "\xE2\x80\x9D") == 0 && (i == 0 || s[i - 1] == ' ') && i + 3 < s.size() && s[i + 3] != ' ')
            open_len = 3, curly = true;
        if (!open_len) continue;
        std::size_t from = i + open_len;
        std::size_t close = curly ? s.find("\xE2\x80\x9D", from) : s.find('"', from);
        std::size_t close_len = curly ? 3 : 1;
        if (close == std::string_view::npos && curly) {  // mixed quotes
            close = s.find('"', from);
            close_len = 1;
        }
        if (close == std::string_view::npos) return std::nullopt;
        if (count_words(s.substr(from, close - from)) >= 3) return Quote{i, close, close_len};
        i = close;
    }
    return std::nullopt;
}

// ---- the entry ----------------------------------------------------------------------

static std::string join(const std::vector<std::string>& lines, std::size_t from, std::size_t to) {
    std::vector<std::string> part(lines.begin() + static_cast<std::ptrdiff_t>(from), lines.begin() + static_cast<std::ptrdiff_t>(to));
    return text::collapse_whitespace(join_lines(part));
}

// "with Ann Roe & Bo Poe": economists name their co-authors so under a title.
static std::optional<AuthorPrefix> with_line(std::string_view line) {
    const std::string_view t = text::trim(line);
    if (text::ascii_lower(t.substr(0, 5)) != "with " || !is_author_list(t.substr(5))) return std::nullopt;
    AuthorPrefix with;
    with.authors = split_authors(t.substr(5));
    with.end = line.size();
    return with;
}

// An author line, possibly followed by the venue: "A. Doe, B. Roe, Neural Computation."
static std::optional<AuthorPrefix> author_line(std::string_view line) {
    if (auto with = with_line(line)) return with;
    // "A. Doe, B. Roe, Neural Computation. (4 citations)": the list ends before the venue.
    auto prefix = author_prefix(line);
    if (prefix && prefix->authors.size() >= 2 && prefix->end < line.size() && !text::trim(line.substr(prefix->end)).empty())
        return prefix;
    if (is_author_list(line)) {
        AuthorPrefix whole;
        whole.authors = split_authors(line);
        whole.end = line.size();
        return whole;
    }
    if (prefix && prefix->authors.size() >= 2) return prefix;
    return std::nullopt;
}

// Title / Authors / Venue, each on lines of their own.
static std::optional<Reading> read_title_line_layout(const std::vector<std::string>& lines) {
    // ("Estimating Behavioral Inattention" / "with Ann Roe": a title that reads like a name
    // is a title above a "with" line.)
    const bool with_below = lines.size() >= 2 && with_line(lines[1]);
    if (lines.size() < 2 || (!with_below && (is_author_list(lines[0]) || author_prefix(lines[0])))) return std::nullopt;
    // "Title. Flavio" / "Cruz, Seth Roe and Ann Doe. 21st ACM": running text wrapped at
    // any word (a LaTeX source's line breaks), not a line per field.
    if (std::size_t stop = lines[0].rfind(". "); stop != std::string::npos && stop > 10) {
        std::string_view after = text::trim(std::string_view(lines[0]).substr(stop + 2));
        if (!after.empty() && count_words(after) <= 2 && looks_like_author(after)) return std::nullopt;
    }
    for (std::size_t k = 1; k < lines.size() && k < 4; ++k) {
        auto authors = author_line(lines[k]);
        if (!authors) continue;
        Reading r;
        r.title = join(lines, 0, k);
        r.authors = authors->authors;
        std::string tail(text::trim(std::string_view(lines[k]).substr(authors->end)));
        // A list wrapped after a comma goes on with the next line ("..., Xuebo Liu," / "Zhaocong Li, ...";
        // "Doe, J; Roe, R;" / "Poe, A").
        std::size_t next = k + 1;
        auto wraps = [](std::string_view l) { l = text::trim(l); return l.ends_with(',') || l.ends_with(';'); };
        while (tail.empty() && next < lines.size() && wraps(lines[next - 1]) && is_author_list(lines[next])) {
            for (auto& a : split_authors(lines[next])) r.authors.push_back(std::move(a));
            ++next;
        }
        // "... and Seth Roe. 31th" + "International Conference on ... (ICLP": the venue wrapped
        // after a fragment runs on over the lines below it.
        const bool fragment = !tail.empty() && count_words(tail) <= 3 && std::string_view(".,;)").find(tail.back()) == std::string_view::npos;
        if (fragment && next < lines.size()) {
            std::vector<std::string> run = {tail};
            run.insert(run.end(), lines.begin() + static_cast<std::ptrdiff_t>(next), lines.end());
            r.rest_lines.push_back(text::collapse_whitespace(join_lines(run)));
            next = lines.size();
        } else if (!tail.empty()) {
            r.rest_lines.push_back(tail);
        }
        r.rest_lines.insert(r.rest_lines.end(), lines.begin() + static_cast<std::ptrdiff_t>(next), lines.end());
        r.rest = text::collapse_whitespace(join_lines(r.rest_lines));
        r.year = authors->year;
        return r;
    }
    return std::nullopt;
}

// Authors / Title / Venue, each on lines of their own ("Doe, Roe:" then the title).
static std::optional<Reading> read_author_line_layout(const std::vector<std::string>& lines) {
    if (lines.size() < 2 || !is_author_list(lines[0])) return std::nullopt;
    std::size_t k = 1;
    while (k < lines.size() && is_author_list(lines[k])) ++k;  // a wrapped author list
    if (k >= lines.size()) return std::nullopt;
    std::string_view last = text::trim(lines[k - 1]);
    std::string_view title_line = text::trim(lines[k]);
    // "Doe, J., Roe, R.," + "(2021). Title": one author list running on, read as text.
    if (last.empty() || last.back() == ',' || last.back() == ';' || last.back() == '&' || title_line.empty() ||
        title_line.front() == '(' || !find_years(title_line.substr(0, 6)).empty() || last.find(". ") != std::string_view::npos)
        return std::nullopt;
    Reading r;
    r.authors = split_authors(join(lines, 0, k));
    auto [title, after] = first_sentence(title_line, false);
    r.title = title;
    if (!after.empty()) r.rest_lines.push_back(after);
    r.rest_lines.insert(r.rest_lines.end(), lines.begin() + static_cast<std::ptrdiff_t>(k + 1), lines.end());
    r.rest = text::collapse_whitespace(join_lines(r.rest_lines));
    return r;
}

// '"Title," with Y. He and S. Moreau. Journal ...' and '"Title" (with Y. He), Venue':
// economists name co-authors after the title. The clause is taken off the venue
// part; the names it lists are returned.
static std::vector<std::string> take_coauthor_clause(std::string& rest) {
    std::size_t i = 0;
    while (i < rest.size() && (rest[i] == ' ' || rest[i] == ',' || rest[i] == '.')) ++i;
    const std::string head = text::ascii_lower(std::string_view(rest).substr(i, 6));  // "(With Ann Doe)" too
    bool paren = head == "(with ";
    if (!paren && head.compare(0, 5, "with ") != 0) return {};
    std::size_t from = i + (paren ? 6 : 5), end = std::string::npos;
    if (paren) {
        end = rest.find(')', from);
    } else {
        // The clause ends at the first period after a word of two or more letters
        // (an initial's period, "Y.", does not end it).
        for (std::size_t k = from; k < rest.size(); ++k)
            if (rest[k] == '.' && k >= from + 2 && std::isalpha(static_cast<unsigned char>(rest[k - 1])) &&
                std::isalpha(static_cast<unsigned char>(rest[k - 2]))) {
                end = k;
                break;
            }
    }
    if (end == std::string::npos || end - from > 120) return {};
    std::string names = rest.substr(from, end - from);
    rest = std::string(text::trim(rest.substr(end + 1)));
    while (!rest.empty() && (rest.front() == ',' || rest.front() == '.')) rest = std::string(text::trim(rest.substr(1)));
    std::vector<std::string> out;
    names = text::replace_all(names, " and ", ", ");
    for (std::string_view n : text::split(names, ','))
        if (!text::trim(n).empty()) out.emplace_back(text::trim(n));
    return out;
}

static std::optional<Reading> read_quoted(std::string_view text) {
    auto q = find_quote(text);
    if (!q) return std::nullopt;
    Reading r;
    // "Ann Doe (Supervisor), Bo Roe, et al.": a remark in brackets is no part of the names.
    const std::string unbracketed = text::collapse_whitespace(text::without_brackets(text.substr(0, q->open)));
    std::string_view before = text::trim(unbracketed);
    while (!before.empty() && (before.back() == ',' || before.back() == '.' || before.back() == ':')) before.remove_suffix(1);
    if (!before.empty() && is_author_list(before)) r.authors = split_authors(before);
    else if (auto prefix = author_prefix(before); prefix) r.authors = prefix->authors;
    r.title = std::string(text.substr(q->open, q->close + q->close_len - q->open));
    r.rest = std::string(text.substr(q->close + q->close_len));
    for (auto& name : take_coauthor_clause(r.rest)) r.authors.push_back(std::move(name));
    if (!r.authors.empty() || before.empty()) return r;
    // Text before the quote that is no author list: "In: ... 'Title'" is rare; keep
    // the quote as the title and treat the text before as part of the venue when it
    // names one ("Presentation of the short paper 'Title'" does not).
    if (normalize::find_venue(before) || kind_from_words(before) != PublicationKind::other) r.rest = std::string(before) + " " + r.rest;
    return r;
}

// "Title in Proceedings of the 36th AAAI Conference (2022)", "Title in 35th Conference on
// ...": the Nature and ACS reference styles join title and venue with a bare " in ".
// The split is at the last " in " whose right side opens like a venue (a capital, an
// ordinal or a year) and names a kind of venue.
static std::optional<std::size_t> in_venue_split(std::string_view title) {
    static const std::array<std::string_view, 9> kinds = {"proceedings", "conference", "workshop", "symposium", "journal",
                                                          "transactions", "congress", "letters", "meeting"};
    for (std::size_t at = title.rfind(" in "); at != std::string_view::npos && at > 10; at = title.rfind(" in ", at - 1)) {
        std::string_view right = title.substr(at + 4);
        if (right.empty() || count_words(title.substr(0, at)) < 3) break;
        const char first = right.front();
        if (!std::isupper(static_cast<unsigned char>(first)) && !std::isdigit(static_cast<unsigned char>(first))) continue;
        // (The kind is named before a bracket: "in Ferroelectric Junctions, (Published on Physics
        // Letters)" is a title's own " in ".)
        const std::string_view opening = right.substr(0, std::min(right.find('('), std::min<std::size_t>(right.size(), 80)));
        std::string lower = text::ascii_lower(opening);
        if (std::any_of(kinds.begin(), kinds.end(), [&](std::string_view k) { return lower.find(k) != std::string::npos; }))
            return at;
        if (at == 0) break;
    }
    return std::nullopt;
}

static std::optional<Reading> read_authors_first(std::string_view text) {
    auto prefix = author_prefix(text);
    if (!prefix) return std::nullopt;
    Reading r;
    r.authors = prefix->authors;
    r.year = prefix->year;
    r.status = prefix->status;
    // "Ines Varga, Tomas Lind, Title, (Venue)": the comma after the list is no part of the title
    // (unless a name follows it: the list was read only in part).
    std::string_view after_list = text::trim(text.substr(prefix->end));
    if (after_list.starts_with(",")) {
        std::string_view next = text::trim(after_list.substr(1));
        if (!looks_like_author(next.substr(0, next.find(',')))) after_list = next;
    }
    auto [title, rest] = first_sentence(after_list);
    // No sentence end between title and venue: "Title in Proceedings of ... (2022)."
    const bool runs_on = rest.empty() || find_years(title.substr(title.size() > 12 ? title.size() - 12 : 0)).size() > 0;
    if (auto at = runs_on ? in_venue_split(title) : std::nullopt) {
        rest = title.substr(*at + 4) + (rest.empty() ? "" : " " + rest);
        title.resize(*at);
    }
    r.title = title;
    r.rest = rest;
    return r;
}

// "Title. Ann Doe, Bo Roe and Cy Poe. Venue, 2014.": a title sentence, then a sentence
// that is an author list.
static std::optional<Reading> read_title_sentence_first(std::string_view text) {
    auto [title, rest] = first_sentence(text, false);
    if (rest.empty() || count_words(title) < 3 || looks_like_author(title) || is_author_list(title)) return std::nullopt;
    // "D. Garcia, M. j. L. Yang, ...": an author list cut at a stray dot is no title.
    if (looks_like_author(text::trim(std::string_view(title).substr(0, title.find(','))))) return std::nullopt;
    auto [list, after] = first_sentence(rest, false);
    if (list.empty() || after.empty() || !is_author_list(list)) return std::nullopt;
    std::vector<std::string> authors = split_authors(list);
    // Several people, each with a given and a family name: "Mashhad, Iran" is a place.
    if (authors.size() < 2 || std::any_of(authors.begin(), authors.end(), [](const std::string& a) { return count_words(a) < 2; }))
        return std::nullopt;
    Reading r;
    r.title = title;
    r.authors = std::move(authors);
    r.rest = after;
    return r;
}

static std::optional<Reading> read_title_first(std::string_view text) {
    // Title, Author, Author and Author, Venue, Year
    std::size_t comma = text.find(", ");
    if (comma == std::string_view::npos || count_words(text.substr(0, comma)) < 3) return std::nullopt;
    std::string_view title = text.substr(0, comma);
    if (looks_like_author(title)) return std::nullopt;
    std::string_view after = text.substr(comma + 2);
    auto prefix = author_prefix(after);
    std::vector<std::string> names;
    std::size_t end = 0;
    // Walk the comma items while they are names.
    std::size_t pos = 0;
    while (pos < after.size()) {
        std::size_t next = after.find(", ", pos);
        std::string_view item = after.substr(pos, next == std::string_view::npos ? std::string_view::npos : next - pos);
        std::string s(item);
        for (std::string_view sep : {" and ", " & "}) {
            s = text::replace_all(s, sep, ",");
        }
        bool all = !s.empty();
        for (std::string_view part : text::split(s, ',')) {
            std::string_view p = text::trim(part);
            if (p.rfind("and ", 0) == 0) p = text::trim(p.substr(4));
            if (!p.empty() && !looks_like_author(p) && p != "..." && p != "\xE2\x80\xA6") all = false;
        }
        if (!all) break;
        names.emplace_back(item);
        end = next == std::string_view::npos ? after.size() : next + 2;
        if (next == std::string_view::npos) break;
        pos = next + 2;
    }
    (void)prefix;
    if (names.empty()) return std::nullopt;
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    Reading r;
    r.title = std::string(title);
    r.authors = split_authors(list);
    r.rest = std::string(after.substr(std::min(end, after.size())));
    return r;
}

Reading read_entry(const std::vector<std::string>& lines, const std::string& text) {
    if (auto r = read_title_line_layout(lines)) return *r;
    if (auto r = read_quoted(text)) return *r;
    if (auto r = read_author_line_layout(lines)) return *r;
    if (auto r = read_authors_first(text)) return *r;
    if (auto r = read_title_sentence_first(text)) return *r;
    if (auto r = read_title_first(text)) return *r;
    // Title / Venue lines without authors.
    if (lines.size() >= 2 && count_words(lines[0]) >= 3) {
        Reading r;
        r.title = lines[0];
        r.rest_lines.assign(lines.begin() + 1, lines.end());
        r.rest = join(lines, 1, lines.size());
        return r;
    }
    Reading r;
    auto [title, rest] = first_sentence(text);
    r.title = title;
    r.rest = rest;
    return r;
}

}  // namespace cvsearch::extract
