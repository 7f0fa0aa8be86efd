// Publications: cut a publication section into entries, then read each entry.
//
// An entry is read by the first layout that fits:
//   1. a venue tag in front: "[SOSP '23] Title", "MLSys 2026* Title";
//   2. lines of their own: title, then an author line, then the venue;
//   3. a quoted title: Authors. "Title." Venue, Year;
//   4. an author list in front: Authors. Title. Venue, Year (also APA
//      "Doe, J. (2019). Title. Journal, 12" and "Doe, J., 2019. Title.");
//   5. a title in front: Title, Authors, Venue, Year;
//   6. otherwise the first sentence is the title and the rest the venue.
// The year is the venue's year (tag, text after the title), never a digit run
// of an arXiv id or a page range.
#include "indexer/extract/publications.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "core/text.hpp"
#include "indexer/extract/chars.hpp"
#include "indexer/extract/dates.hpp"
#include "indexer/extract/pub_authors.hpp"
#include "indexer/extract/pub_venue.hpp"
#include "indexer/normalize/normalize.hpp"

namespace cvsearch::extract {
namespace {

struct RawEntry {
    std::vector<std::string> lines;
    std::string label;
    std::optional<int> year_hint;
};

std::size_t count_words(std::string_view s) {
    std::size_t n = 0;
    for (std::string_view w : text::split(s, ' '))
        if (!w.empty()) ++n;
    return n;
}

bool mentions_arxiv(std::string_view s) { return text::ascii_lower(s).find("arxiv") != std::string::npos; }

// ---- the venue tag in front ---------------------------------------------------

struct Tagged {
    std::string tag;
    std::string rest;
};

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

bool abbreviation_before(std::string_view s, std::size_t dot) {
    std::size_t b = dot;
    while (b > 0 && std::isalpha(static_cast<unsigned char>(s[b - 1]))) --b;
    std::string w = text::ascii_lower(s.substr(b, dot - b));
    static const std::array<const char*, 22> abbrev = {"al", "vs", "eg", "ie", "etc", "proc", "conf", "int", "vol", "no",
                                                       "pp", "dr", "st", "inc", "jr", "fig", "eq", "approx", "cf", "intl",
                                                       "symp", "trans"};
    if (w.size() == 1 && dot - b == 1 && std::isupper(static_cast<unsigned char>(s[b]))) return true;  // an initial
    return std::any_of(abbrev.begin(), abbrev.end(), [&](const char* a) { return w == a; });
}

// "Title. Venue, 2019." -> {"Title", "Venue, 2019."}; without a sentence end
// and with `comma`, "Title, Venue, 2019" -> {"Title", "Venue, 2019"}.
std::pair<std::string, std::string> first_sentence(std::string_view s, bool comma = true) {
    s = text::trim(s);
    for (std::size_t i = 0; i + 1 < s.size(); ++i) {
        char c = s[i];
        if ((c == '.' || c == '?' || c == '!') && s[i + 1] == ' ') {
            if (c == '.' && abbreviation_before(s, i)) continue;
            if (i < 8) continue;  // too short for a title
            std::size_t keep = c == '.' ? i : i + 1;
            return {std::string(s.substr(0, keep)), std::string(text::trim(s.substr(i + 1)))};
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
        s = std::string(text::trim(s));
    }
    return s;
}

struct Quote {
    std::size_t open, close;  // byte offsets of the quote characters
    std::size_t close_len;
};

// The first double-quoted span of at least three words.
std::optional<Quote> find_quote(std::string_view s) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        std::size_t open_len = 0;
        bool curly = false;
        if (s[i] == '"') open_len = 1;
        else if (s.compare(i, 3, "\xE2\x80\x9C") == 0) open_len = 3, curly = true;
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

struct Reading {
    std::string title;
    std::vector<std::string> authors;
    std::string rest;                  // text after title and authors: venue, year, notes
    std::vector<std::string> rest_lines;  // the same, line by line, when the entry had line structure
    std::optional<int> year;           // a year tied to the author list (APA)
    std::string status;                // "submitted", "in press": written instead of the year
};

std::string join(const std::vector<std::string>& lines, std::size_t from, std::size_t to) {
    std::vector<std::string> part(lines.begin() + static_cast<std::ptrdiff_t>(from), lines.begin() + static_cast<std::ptrdiff_t>(to));
    return text::collapse_whitespace(join_lines(part));
}

// An author line, possibly followed by the venue: "A. Doe, B. Roe, Neural Computation."
std::optional<AuthorPrefix> author_line(std::string_view line) {
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
std::optional<Reading> read_title_line_layout(const std::vector<std::string>& lines) {
    if (lines.size() < 2 || is_author_list(lines[0]) || author_prefix(lines[0])) return std::nullopt;
    for (std::size_t k = 1; k < lines.size() && k < 4; ++k) {
        auto authors = author_line(lines[k]);
        if (!authors) continue;
        Reading r;
        r.title = join(lines, 0, k);
        r.authors = authors->authors;
        std::string tail(text::trim(std::string_view(lines[k]).substr(authors->end)));
        if (!tail.empty()) r.rest_lines.push_back(tail);
        r.rest_lines.insert(r.rest_lines.end(), lines.begin() + static_cast<std::ptrdiff_t>(k + 1), lines.end());
        r.rest = text::collapse_whitespace(join_lines(r.rest_lines));
        r.year = authors->year;
        return r;
    }
    return std::nullopt;
}

// Authors / Title / Venue, each on lines of their own ("Doe, Roe:" then the title).
std::optional<Reading> read_author_line_layout(const std::vector<std::string>& lines) {
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

std::optional<Reading> read_quoted(std::string_view text) {
    auto q = find_quote(text);
    if (!q) return std::nullopt;
    Reading r;
    std::string_view before = text::trim(text.substr(0, q->open));
    while (!before.empty() && (before.back() == ',' || before.back() == '.' || before.back() == ':')) before.remove_suffix(1);
    if (!before.empty() && is_author_list(before)) r.authors = split_authors(before);
    else if (auto prefix = author_prefix(before); prefix) r.authors = prefix->authors;
    r.title = std::string(text.substr(q->open, q->close + q->close_len - q->open));
    r.rest = std::string(text.substr(q->close + q->close_len));
    if (!r.authors.empty() || before.empty()) return r;
    // Text before the quote that is no author list: "In: ... 'Title'" is rare; keep
    // the quote as the title and treat the text before as part of the venue.
    r.rest = std::string(before) + " " + r.rest;
    return r;
}

std::optional<Reading> read_authors_first(std::string_view text) {
    auto prefix = author_prefix(text);
    if (!prefix) return std::nullopt;
    Reading r;
    r.authors = prefix->authors;
    r.year = prefix->year;
    r.status = prefix->status;
    auto [title, rest] = first_sentence(text.substr(prefix->end));
    r.title = title;
    r.rest = rest;
    return r;
}

std::optional<Reading> read_title_first(std::string_view text) {
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
            std::size_t at;
            while ((at = s.find(sep)) != std::string::npos) s.replace(at, sep.size(), ",");
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

PublicationKind kind_from_label(std::string_view label) {
    if (label.size() < 2 || !std::isalpha(static_cast<unsigned char>(label[0]))) return PublicationKind::other;
    switch (std::toupper(static_cast<unsigned char>(label[0]))) {
        case 'C': return PublicationKind::conference;
        case 'J': return PublicationKind::journal;
        case 'W': return PublicationKind::workshop;
        default: return PublicationKind::other;
    }
}

std::string venue_of(const Reading& r) {
    // Line by line when the entry had lines: the first line that names a venue.
    if (!r.rest_lines.empty()) {
        for (const auto& line : r.rest_lines) {
            if (mentions_submission(line)) return {};
            std::string v = venue_from_rest(line);
            if (chars::count_letters(v) >= 2 && std::count_if(v.begin(), v.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }) >= 2)
                return v;
        }
        return {};
    }
    return venue_from_rest(r.rest);
}

std::optional<int> first_year(std::string_view s) {
    auto years = find_years(strip_links_and_ids(s));
    if (years.empty()) return std::nullopt;
    return years.front().year;
}

// "2024 | Title. | Authors, Venue." and "6.937 | Authors. Title.": cells become
// lines, and a leading year (or number, e.g. an impact factor) cell is set aside.
std::vector<std::string> cells_as_lines(const std::vector<std::string>& lines, std::optional<int>* cell_year) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string_view l = lines[i];
        if (l.find(" | ") == std::string_view::npos) {
            out.emplace_back(l);
            continue;
        }
        std::string s(l);
        std::size_t at;
        while ((at = s.find(" | ")) != std::string::npos) s.replace(at, 3, "\n");
        for (std::string_view cell : text::split(s, '\n')) {
            std::string_view c = text::trim(cell);
            if (c.empty()) continue;
            bool numeric = std::all_of(c.begin(), c.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)) || ch == '.'; });
            if (out.empty() && i == 0 && (numeric || is_only_dates(c))) {
                auto years = find_years(c);
                if (!years.empty()) *cell_year = years.front().year;
                continue;
            }
            out.emplace_back(c);
        }
    }
    return out;
}

// "SAA'25" -> "SAA '25": the two-digit year set apart, as "SOSP '23" is usually written.
std::string spaced_year(std::string v) {
    for (std::size_t i = 1; i + 2 < v.size(); ++i) {
        bool apostrophe = v[i] == '\'';
        if (apostrophe && std::isalpha(static_cast<unsigned char>(v[i - 1])) && std::isdigit(static_cast<unsigned char>(v[i + 1])) &&
            std::isdigit(static_cast<unsigned char>(v[i + 2])) && (i + 3 == v.size() || !std::isalnum(static_cast<unsigned char>(v[i + 3]))))
            v.insert(i, " ");
    }
    return v;
}

Publication make_publication(const RawEntry& e, PublicationKind section_kind) {
    std::optional<int> cell_year;
    std::vector<std::string> lines = cells_as_lines(e.lines, &cell_year);
    std::optional<Tagged> tag;
    if (!lines.empty()) {
        tag = find_tag(lines[0]);
        if (tag) lines[0] = tag->rest;
        // "SIGMOD'26" on a line of its own above the title.
        if (!tag && lines.size() >= 2 && count_words(lines[0]) <= 3 && !find_years(lines[0]).empty() &&
            chars::count_letters(lines[0]) >= 2 && tag_like(lines[0])) {
            tag = Tagged{lines[0], {}};
            lines.erase(lines.begin());
        }
    }
    std::string text = text::collapse_whitespace(join_lines(lines));
    Reading r = read_entry(lines, text);

    Publication p;
    p.title = clean_title(r.title);
    p.authors = r.authors;
    bool submitted = (tag && mentions_submission(tag->tag)) || mentions_submission(r.rest) ||
                     r.status == "submitted" || r.status == "under review" || r.status == "in preparation";
    std::string venue = tag ? tag->tag : venue_of(r);
    if (tag && chars::count_letters(venue) < 2) venue = venue_of(r);
    if (mentions_submission(venue) || is_placeholder_venue(venue)) venue.clear();

    // The year: of the tag, of an APA author list, after the title, else anywhere but the title.
    p.year = tag ? first_year(tag->tag) : std::nullopt;
    if (!p.year) p.year = cell_year;
    if (!p.year) p.year = r.year;
    if (!p.year) p.year = first_year(r.rest);
    if (!p.year) {
        std::string outside = text;
        if (std::size_t at = outside.find(r.title); !r.title.empty() && at != std::string::npos) outside.erase(at, r.title.size());
        p.year = first_year(outside);
    }
    if (!p.year) p.year = e.year_hint;

    // "Title, Venue (2023)" read as one sentence: the venue is the last comma part.
    if (venue.empty() && r.rest_lines.empty()) {
        std::string_view t = text::trim(p.title);
        std::size_t comma = t.rfind(", ");
        if (comma != std::string_view::npos && t.back() == ')' && !find_years(t.substr(comma)).empty()) {
            venue = venue_from_rest(t.substr(comma + 2));
            if (!venue.empty()) p.title = clean_title(t.substr(0, comma));
        }
    }
    PublicationKind words = kind_from_words(venue + " " + r.rest + (tag ? " " + tag->tag : std::string()));
    if (section_kind == PublicationKind::patent || words == PublicationKind::patent) p.kind = PublicationKind::patent;
    else if (section_kind == PublicationKind::thesis || words == PublicationKind::thesis) p.kind = PublicationKind::thesis;
    else if (submitted && words != PublicationKind::preprint) p.kind = PublicationKind::preprint;
    else if (words != PublicationKind::other) p.kind = words;
    else if (kind_from_label(e.label) != PublicationKind::other) p.kind = kind_from_label(e.label);
    else p.kind = section_kind;
    // Patents and theses have an office or a school, not a venue.
    if (p.kind == PublicationKind::patent || p.kind == PublicationKind::thesis) venue.clear();
    if (submitted && !mentions_arxiv(venue)) venue.clear();
    // An arXiv id or link is the venue of an entry that names none; a paper
    // submitted elsewhere only has a copy there.
    if (venue.empty() && !submitted && p.kind != PublicationKind::patent && p.kind != PublicationKind::thesis && mentions_arxiv(text)) {
        venue = "arXiv";
        if (p.kind == PublicationKind::other) p.kind = PublicationKind::preprint;
    }
    p.venue_raw = spaced_year(venue);
    return p;
}

// ---- entries ------------------------------------------------------------------------

// "Doe, J., Roe, R. (2019). Title": an author list with its year at the start of a line.
bool opens_citation(std::string_view line) {
    auto prefix = author_prefix(line);
    return prefix && prefix->year && prefix->end < 200;
}

// A line that closes an entry in a list without markers or blank lines:
// it ends with a year or with a period once the entry has its year.
bool ends_entry(std::string_view line, const std::vector<std::string>& entry) {
    std::string_view t = text::trim(line);
    if (t.empty()) return false;
    std::size_t words = 0;
    for (const auto& l : entry) words += count_words(l);
    if (words < 8) return false;  // "SIGMOD'26" above a title opens an entry
    std::string_view tail = t.substr(t.size() > 16 ? t.size() - 16 : 0);
    if (!find_years(tail).empty() && find_years(tail).back().end + 3 >= tail.size()) return true;
    if (t.back() != '.') return false;
    std::string joined;
    for (const auto& l : entry) joined += l + " ";
    return !find_years(joined).empty() && count_words(joined) >= 8;
}

std::vector<RawEntry> split_entries(const Block& block) {
    std::vector<RawEntry> out;
    bool has_markers = std::any_of(block.lines.begin(), block.lines.end(), [](const Line& l) { return l.marker != Marker::none; });
    // In a numbered list, "- " or "→ " lines are notes on the entry above.
    bool numbered = std::count_if(block.lines.begin(), block.lines.end(), [](const Line& l) { return l.marker == Marker::number; }) >= 2;
    RawEntry cur;
    std::optional<int> year_hint;
    bool gap = false;
    auto flush = [&] {
        if (!cur.lines.empty()) {
            cur.year_hint = year_hint;
            out.push_back(std::move(cur));
        }
        cur = RawEntry{};
    };
    for (const Line& l : block.lines) {
        if (l.blank()) {
            if (!has_markers) flush();
            gap = true;
            continue;
        }
        // "2023" sub-headings group entries by year.
        if (is_only_dates(l.text) && count_words(l.text) <= 3) {
            flush();
            auto years = find_years(l.text);
            if (!years.empty()) year_hint = years.front().year;
            continue;
        }
        if (l.heading_level > 0) {  // a sub-heading ("Conference Papers") is no entry
            flush();
            continue;
        }
        bool starts = (numbered ? l.marker == Marker::number : l.marker != Marker::none) || cur.lines.empty();
        // A list without markers or blank lines: a line opening with "Doe, J. (2019)." starts an entry.
        if (!starts && !has_markers && !cur.lines.empty() && opens_citation(l.text)) starts = true;
        if (!starts && has_markers && gap && count_words(l.text) >= 6 && !find_years(l.text).empty() &&
            !chars::is_lower(chars::first(l.text)))
            starts = true;  // an unmarked entry after a blank line in a marked list
        if (starts) {
            flush();
            cur.label = l.label;
        }
        cur.lines.push_back(l.text);
        gap = false;
        if (!has_markers && ends_entry(l.text, cur.lines)) {
            // Only split a paragraph of several entries, not a single wrapped one.
            flush();
        }
    }
    flush();
    return out;
}

// Lines that are remarks, not entries: "* denotes equal contribution", "Google Scholar: ...".
bool is_remark(const RawEntry& e) {
    std::string all;
    for (const auto& l : e.lines) all += l + " ";
    std::string lower = text::ascii_lower(all);
    std::size_t words = count_words(all);
    if (words < 4) return true;
    if (words < 15 && (lower.find("denotes") != std::string::npos || lower.find("equal contribution") != std::string::npos ||
                       lower.find("google scholar") != std::string::npos || lower.find("full list") != std::string::npos ||
                       lower.find("corresponding author") != std::string::npos))
        return true;
    return false;
}

}  // namespace

Publication parse_publication(std::string_view entry, PublicationKind section_kind) {
    RawEntry e;
    for (std::string_view l : text::split(entry, '\n')) {
        std::string_view t = text::trim(l);
        if (t.empty()) continue;
        if (e.lines.empty()) {
            std::string cleaned = clean_inline(t);
            std::string_view v = cleaned;
            strip_marker(v, &e.label);
            e.lines.emplace_back(text::trim(v));
        } else {
            e.lines.push_back(clean_inline(t));
        }
    }
    return make_publication(e, section_kind);
}

// "arXiv, also NSDI'25 Poster": the same paper shown at a second venue.
std::optional<Publication> also_at(const Publication& p) {
    std::size_t at = p.venue_raw.find("also ");
    if (at == std::string::npos || at == 0) return std::nullopt;
    std::string second = std::string(text::trim(std::string_view(p.venue_raw).substr(at + 5)));
    if (!normalize::find_venue(second)) return std::nullopt;
    Publication q = p;
    q.venue_raw = second;
    if (auto ys = find_years(second); !ys.empty()) q.year = ys.front().year;
    q.kind = kind_from_words(second);
    return q;
}

std::vector<Publication> extract_publications(const Block& block) {
    std::vector<Publication> out;
    PublicationKind section_kind = kind_from_heading(block.heading);
    for (const RawEntry& e : split_entries(block)) {
        if (is_remark(e)) continue;
        Publication p = make_publication(e, section_kind);
        if (p.title.empty() && p.venue_raw.empty()) continue;
        auto second = also_at(p);
        if (second) {
            std::string first(text::trim(std::string_view(p.venue_raw).substr(0, p.venue_raw.find("also "))));
            while (!first.empty() && (first.back() == ',' || first.back() == ';')) first.pop_back();
            p.venue_raw = first;
        }
        out.push_back(std::move(p));
        if (second) out.push_back(std::move(*second));
    }
    return out;
}

std::vector<Publication> embedded_publications(const Block& block) {
    std::vector<Publication> out;
    for (std::size_t i = 0; i < block.lines.size(); ++i) {
        std::string label = text::fold_key(block.lines[i].text);
        bool opens = block.lines[i].text.back() == ':' && count_words(label) <= 6 &&
                     (label.rfind("publications", 0) == 0 || label.rfind("selected publications", 0) == 0 ||
                      label.rfind("papers", 0) == 0 || label.rfind("related publications", 0) == 0);
        if (!opens) continue;
        Block list;
        list.kind = "publications";
        std::size_t j = i + 1;
        while (j < block.lines.size() && block.lines[j].marker != Marker::none) list.lines.push_back(block.lines[j++]);
        for (auto& p : extract_publications(list)) out.push_back(std::move(p));
        i = j - 1;
    }
    return out;
}

std::vector<Publication> extract_stray_publications(const Block& block) {
    std::vector<Publication> out;
    for (const RawEntry& e : split_entries(block)) {
        if (is_remark(e) || e.lines.empty()) continue;
        auto tag = find_tag(e.lines[0]);
        bool tagged = tag && !find_years(tag->tag).empty();
        std::string text = text::collapse_whitespace(join_lines(e.lines));
        bool quoted = find_quote(text).has_value() && author_prefix(text).has_value() && !find_years(text).empty();
        if (!tagged && !quoted) continue;
        Publication p = make_publication(e, PublicationKind::other);
        if (p.year && !p.title.empty()) out.push_back(std::move(p));
    }
    return out;
}

}  // namespace cvsearch::extract
