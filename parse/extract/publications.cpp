// Publications: cut a publication section into entries (pub_entries), read each
// entry (pub_reading), then decide its venue, year and kind here.
//
// The year is the venue's year (tag, text after the title), never a digit run
// of an arXiv id or a page range.
#include "parse/extract/publications.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string_view>
#include <unordered_set>

#include "core/text.hpp"
#include "parse/extract/chars.hpp"
#include "parse/extract/dates.hpp"
#include "parse/extract/lexicon.hpp"
#include "parse/extract/pub_authors.hpp"
#include "parse/extract/pub_entries.hpp"
#include "parse/extract/pub_reading.hpp"
#include "parse/extract/pub_venue.hpp"
#include "parse/normalize/normalize.hpp"
#include "parse/readers/bibtex.hpp"

namespace cvsearch::extract {

using chars::count_words;
namespace {

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
        s = text::replace_all(s, " | ", "\n");
        for (std::string_view cell : text::split(s, '\n')) {
            std::string_view c = text::trim(cell);
            if (c.empty()) continue;
            bool numeric = std::all_of(c.begin(), c.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)) || ch == '.'; });
            if (out.empty() && i == 0 && (numeric || is_only_dates(c))) {
                auto years = find_years(c);
                if (!years.empty()) *cell_year = years.front().year;
                continue;
            }
            // "09/18 | Authors | Venue | Title": a month and two-digit year in the date cell.
            const bool numeric_date = c.size() <= 13 && std::all_of(c.begin(), c.end(), [](char ch) {
                return std::isdigit(static_cast<unsigned char>(ch)) || ch == '/' || ch == '-' || ch == ' ';
            });
            if (out.empty() && i == 0 && numeric_date) {
                if (auto year = trailing_month_year(c)) {
                    *cell_year = *year;
                    continue;
                }
            }
            out.emplace_back(c);
        }
        // "Authors | A & A, Volume 617, id.L7 | Title": a template's fields in its own order.
        // The authors, a cell naming a venue with its volume, then a long cell that names
        // none, are read as the citation "Authors. Title. Venue" they stand for.
        if (i == 0 && out.size() == 3 && (is_author_list(out[0]) || author_prefix(out[0])) && names_venue_with_locator(out[1]) &&
            !names_venue_with_locator(out[2]) && count_words(out[2]) >= 4 && !normalize::find_venue(out[2]) && !is_author_list(out[2])) {
            std::string title = out[2];
            if (!title.empty() && std::string_view(".?!").find(title.back()) == std::string_view::npos) title += '.';
            std::string authors = out[0];
            if (!authors.empty() && authors.back() != '.') authors += '.';
            out = {authors + " " + title + " " + out[1]};
        }
    }
    return out;
}

// "/06" or "-11" after a year: the month of the date ("2023/06"), not the end of a
// range ("2019-2021", "2019-21" is no month). The offset after it, or `i`.
std::size_t after_month(std::string_view s, std::size_t i) {
    if (i + 2 > s.size() || (s[i] != '/' && s[i] != '-' && s[i] != '.')) return i;
    std::size_t k = i + 1, digits = 0;
    while (k < s.size() && digits < 3 && std::isdigit(static_cast<unsigned char>(s[k]))) ++k, ++digits;
    if (digits == 0 || digits > 2) return i;
    const int month = std::stoi(std::string(s.substr(i + 1, digits)));
    return month >= 1 && month <= 12 ? k : i;
}

// " [J]", " [C3]": a short bracketed mark of the entry's kind after its date. The
// offset after it, or `i`.
std::size_t after_kind_mark(std::string_view s, std::size_t i) {
    std::size_t k = i;
    while (k < s.size() && s[k] == ' ') ++k;
    if (k >= s.size() || s[k] != '[') return i;
    const std::size_t close = s.find(']', k);
    if (close == std::string_view::npos || close - k > 8 || s.substr(k, close - k).find(' ') != std::string_view::npos) return i;
    return close + 1;
}

// "2025 — Doe, J. Title.", "2023 - Doe", "[2021] Doe", "(2019) Doe", "2023/06 [C]: Doe": a
// year that opens the entry (with its month and a mark of the entry's kind), set apart by
// brackets, a dash, colon or bar, or that mark, is the entry's year; it is cut from the
// line so that the author list starts it.
std::optional<int> take_leading_year(std::string& line) {
    std::string_view s = line;
    std::size_t i = 0;
    char close = 0;
    if (!s.empty() && (s[0] == '[' || s[0] == '(')) close = s[0] == '[' ? ']' : ')', i = 1;
    if (i + 4 > s.size()) return std::nullopt;
    for (std::size_t k = i; k < i + 4; ++k)
        if (!std::isdigit(static_cast<unsigned char>(s[k]))) return std::nullopt;
    int year = std::stoi(std::string(s.substr(i, 4)));
    if (!plausible_year(year)) return std::nullopt;
    i += 4;
    if (close) {
        if (i >= s.size() || s[i] != close) return std::nullopt;
        ++i;
    }
    if (!close) i = after_month(s, i);
    const std::size_t mark = after_kind_mark(s, i);
    const bool marked = mark > i;
    i = mark;
    std::size_t after_year = i;
    while (i < s.size() && s[i] == ' ') ++i;
    bool separated = (close != 0 || marked) && i > after_year;
    for (std::string_view sep : {"—", "–", "-", ":", "|"})
        if (s.substr(i, sep.size()) == sep) {
            i += sep.size();
            separated = i < s.size() && s[i] == ' ';
            break;
        }
    // "2020, Dependent Types as Macros.": a comma or period right after the year, then a
    // capital, in lists whose entries open with their year.
    if (!separated && !close && i == after_year && i + 2 < s.size() && (s[i] == ',' || s[i] == '.') && s[i + 1] == ' ' &&
        std::isupper(static_cast<unsigned char>(s[i + 2]))) {
        ++i;
        separated = true;
    }
    if (!separated) return std::nullopt;
    while (i < s.size() && s[i] == ' ') ++i;
    // "2019 - 2021 ..." is a range, "2021: 3rd place" no entry of this kind.
    if (i >= s.size() || std::isdigit(static_cast<unsigned char>(s[i]))) return std::nullopt;
    line.erase(0, i);
    return year;
}

// The last comma part of `rest` before volume, issue, page and year parts, if it names a
// venue the tables know: its offset in `rest` and its text.
std::optional<std::pair<std::size_t, std::string>> known_venue_at_end(std::string_view rest) {
    std::string_view r = text::trim(rest);
    while (!r.empty() && (r.back() == '.' || r.back() == ',')) r.remove_suffix(1);
    std::size_t end = r.size();
    for (int parts = 0; parts < 5 && end > 0; ++parts) {
        std::size_t comma = r.rfind(", ", end - 1);
        std::size_t begin = comma == std::string_view::npos ? 0 : comma + 2;
        std::string_view part = text::trim(r.substr(begin, end - begin));
        if (chars::count_letters(part) <= 3) {  // "11(11)", "2087", "pp. 3-9", "(2022)"
            if (comma == std::string_view::npos) return std::nullopt;
            end = comma;
            continue;
        }
        if (begin == 0 || !normalize::find_venue(part)) return std::nullopt;
        return std::pair<std::size_t, std::string>{static_cast<std::size_t>(r.data() - rest.data()) + comma, std::string(part)};
    }
    return std::nullopt;
}

// "Doe, J., Title, 2022, Monthly Notices of the RAS, 509, 763" (lists exported from ADS):
// the year is a comma part of its own between the title and the venue, and only volume
// and page parts follow the venue. The offset of ", 2022, " and the year, when the text
// reads so; a year inside a title ("Tokyo, 2020, and after") has words after its venue.
struct YearCut {
    std::size_t at;     ///< offset of the comma before the year
    std::size_t venue;  ///< offset of the venue part
    int year;
};
std::optional<YearCut> year_before_venue(std::string_view t) {
    std::optional<YearCut> found;
    for (std::size_t at = t.find(", "); at != std::string_view::npos; at = t.find(", ", at + 2)) {
        const std::size_t y = at + 2;
        if (y + 6 > t.size() || t.compare(y + 4, 2, ", ") != 0) continue;
        if (!std::all_of(t.begin() + y, t.begin() + y + 4, [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) continue;
        const int year = std::stoi(std::string(t.substr(y, 4)));
        if (!plausible_year(year)) continue;
        const std::vector<std::string_view> parts = text::split(t.substr(y + 6), ',');
        if (parts.empty() || chars::count_letters(parts[0]) < 4) continue;
        bool numbers_after = std::all_of(parts.begin() + 1, parts.end(), [](std::string_view p) { return chars::count_letters(p) <= 3; });
        if (numbers_after) found = YearCut{at, y + 6, year};
    }
    return found;
}

// "SCI: Doe, J. (2026). Title", "SSCI: ...", "EI: ...": a short label in capitals (the
// index that lists the paper, a ranking) before an author list is no part of the entry.
void take_index_label(std::string& line) {
    std::size_t colon = line.find(": ");
    if (colon == std::string::npos || colon < 2 || colon > 8) return;
    std::string_view label = std::string_view(line).substr(0, colon);
    for (char c : label)
        if (!std::isupper(static_cast<unsigned char>(c)) && c != '-') return;
    std::string_view rest = text::trim(std::string_view(line).substr(colon + 1));
    auto prefix = author_prefix(rest);
    if (!prefix || (!prefix->year && prefix->authors.size() < 2)) return;
    line = std::string(rest);
}

// "Title, IEEE Access, vol. 9, 2021, pp. 78873-78882": with neither quotes nor italics a
// title runs on over its venue and the volume, year and page parts after it. The last
// comma part with words, if only such parts follow and one of them is a year of its
// own, ends the title when it names a venue (the tables know it, or its words name a
// kind: "Journal of ...", "15th International Conference on ...").
struct VenueBeforeYear {
    std::size_t at;  ///< offset of the comma before the venue
    std::string venue;
    int year;
};
std::optional<VenueBeforeYear> venue_before_year(std::string_view title) {
    std::string_view t = text::trim(title);
    while (!t.empty() && (t.back() == '.' || t.back() == ',')) t.remove_suffix(1);
    std::optional<int> year;
    std::size_t end = t.size();
    for (int parts = 0; parts < 6 && end > 0; ++parts) {
        const std::size_t comma = t.rfind(", ", end - 1);
        if (comma == std::string_view::npos || comma == 0) return std::nullopt;
        std::string_view part = text::trim(t.substr(comma + 2, end - comma - 2));
        if (chars::count_letters(part) <= 3) {  // "vol. 9", "2021", "pp. 37-49", "64 (7)"
            auto ys = find_years(part);
            if (ys.size() == 1 && ys.front().begin == 0 && ys.front().end == part.size()) year = ys.front().year;
            end = comma;
            continue;
        }
        if (!year || (!std::isupper(static_cast<unsigned char>(part[0])) && !std::isdigit(static_cast<unsigned char>(part[0]))))
            return std::nullopt;
        if (!normalize::find_venue(part) && (count_words(part) < 2 || kind_from_words(part) == PublicationKind::other)) return std::nullopt;
        return VenueBeforeYear{static_cast<std::size_t>(t.data() - title.data()) + comma, std::string(part), *year};
    }
    return std::nullopt;
}

// "SAA'25" -> "SAA '25": the two-digit year set apart, as "SOSP '23" is usually written.
// One pass into a new string (an insert() in place per year is quadratic on a long venue).
std::string spaced_year(const std::string& v) {
    std::string out;
    out.reserve(v.size() + 8);
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (i >= 1 && i + 2 < v.size() && v[i] == '\'' && std::isalpha(static_cast<unsigned char>(v[i - 1])) &&
            std::isdigit(static_cast<unsigned char>(v[i + 1])) && std::isdigit(static_cast<unsigned char>(v[i + 2])) &&
            (i + 3 == v.size() || !std::isalnum(static_cast<unsigned char>(v[i + 3]))))
            out.push_back(' ');
        out.push_back(v[i]);
    }
    return out;
}

// "..., 421, 54-65, 2026. [DOI]": a year that is the entry's last comma part of its own.
std::optional<int> ending_year(std::string_view text) {
    std::string stripped = strip_links_and_ids(text);
    std::string_view t = text::trim(stripped);
    while (!t.empty() && (t.back() == '.' || t.back() == ' ')) t.remove_suffix(1);
    const std::size_t comma = t.rfind(", ");
    if (comma == std::string_view::npos) return std::nullopt;
    std::string_view last = text::trim(t.substr(comma + 2));
    if (!last.empty() && last.front() == '(' && last.back() == ')') last = last.substr(1, last.size() - 2);
    auto ys = find_years(last);
    if (ys.size() != 1 || ys.front().begin != 0 || ys.front().end != last.size()) return std::nullopt;
    return ys.front().year;
}

// "Doe, A. J., Lind+, Y., & Varga+, J. (2022).", "Roe*, P.", "Poe†, Roe‡": marks a CV sets
// on its authors (a student, the corresponding author, equal contribution) glued to a
// name. They are dropped after a name's last letter (a lower-case one, in a word of two
// or more letters: "C++" keeps its marks) or after an initial's period, where a comma,
// a space (not after a star), a full stop or a bracket follows.
std::string without_author_marks(std::string_view line) {
    auto mark_at = [&](std::size_t i) -> std::size_t {  // the mark's length in bytes, 0 for none
        if (line[i] == '+' || line[i] == '*') return 1;
        for (std::string_view m : {"\xE2\x80\xA0", "\xE2\x80\xA1", "\xC2\xA7", "\xC2\xB6"})  // † ‡ § ¶
            if (line.compare(i, m.size(), m) == 0) return m.size();
        return 0;
    };
    std::string out;
    out.reserve(line.size());
    std::size_t i = 0;
    while (i < line.size()) {
        std::size_t run = 0;
        for (std::size_t len; i + run < line.size() && (len = mark_at(i + run)) > 0;) run += len;
        if (run > 0 && i > 0) {
            const std::size_t after = i + run;
            // (A star before a space may be Markdown emphasis left half-open: "Poster* Title".)
            const std::string_view closers = line[i] == '*' ? ",;.)" : ",;. )";
            const bool ends = after == line.size() || closers.find(line[after]) != std::string_view::npos;
            const char before = line[i - 1];
            std::size_t word = i;
            while (word > 0 && std::isalpha(static_cast<unsigned char>(line[word - 1]))) --word;
            const bool after_name = std::islower(static_cast<unsigned char>(before)) && i - word >= 2;
            const bool after_initial = before == '.' && i >= 2 && std::isupper(static_cast<unsigned char>(line[i - 2]));
            if (ends && (after_name || after_initial)) {
                i = after;
                continue;
            }
        }
        if (run > 0) {
            out.append(line.substr(i, run));
            i += run;
            continue;
        }
        out.push_back(line[i++]);
    }
    return out;
}

using Italics = std::unordered_set<std::string_view>;

// Where the venue set in italics stands among the comma parts of an entry from its
// title on: "Title, <i>Journal</i>, 131" (a part of its own, never the first: the title
// comes before) or "Title ... 4,100 K. <i>Journal</i>, 130" (after a sentence end). The
// italics may run over several parts ("<i>Andean Tectonics, Elsevier</i>") or take the
// volume and pages with them ("<i>Revista Geológica 78 (2), 333-337</i>"): the venue is
// then the italic text without its volume and page parts.
struct ItalicVenue {
    std::size_t part;        ///< index in the parts
    std::size_t venue_from;  ///< offset of the venue in that part
    std::string venue;       ///< the venue's text
};

// "Journal 78 (2), 333-337" -> "Journal": the parts after the first one that are
// numbers, and trailing words without letters ("78", "(2)", "7(71)").
std::string without_volume(std::string_view s) {
    std::vector<std::string_view> parts = text::split(s, ',');
    std::size_t keep = 1;
    while (keep < parts.size() && chars::count_letters(parts[keep]) > 3) ++keep;
    std::string head(text::trim(s.substr(0, static_cast<std::size_t>(parts[keep - 1].data() - s.data()) + parts[keep - 1].size())));
    for (;;) {
        const std::size_t sp = head.rfind(' ');
        if (sp == std::string::npos || chars::count_letters(std::string_view(head).substr(sp + 1)) > 0) break;
        head.erase(sp);
    }
    while (!head.empty() && (head.back() == ',' || head.back() == '.' || head.back() == ' ')) head.pop_back();
    return head;
}

std::optional<ItalicVenue> italic_part(std::string_view after, const std::vector<std::string_view>& parts, const Italics& italics) {
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string_view t = text::trim(parts[i]);
        const auto offset = [&](std::string_view v) { return static_cast<std::size_t>(v.data() - parts[i].data()); };
        if (i > 0) {
            // The italics from this part on, over up to three more parts.
            const std::size_t begin = static_cast<std::size_t>(t.data() - after.data());
            for (std::size_t j = i; j < parts.size() && j < i + 4; ++j) {
                const std::size_t end = static_cast<std::size_t>(parts[j].data() - after.data()) + parts[j].size();
                const std::string_view span = text::trim(after.substr(begin, end - begin));
                if (!italics.contains(span)) continue;
                std::string venue = j == i ? std::string(t) : without_volume(span);
                if (chars::count_letters(venue) >= 2) return ItalicVenue{i, offset(t), std::move(venue)};
            }
        }
        // "Title, in: <i>Proceedings of X</i>, eds., ...": the word that says where comes first.
        for (std::string_view lead : {"in: ", "In: ", "in ", "In "})
            if (i > 0 && t.substr(0, lead.size()) == lead) {
                const std::string_view v = text::trim(t.substr(lead.size()));
                if (italics.contains(v)) return ItalicVenue{i, offset(v), std::string(v)};
            }
        if (const std::size_t dot = t.rfind(". "); dot != std::string_view::npos && italics.contains(text::trim(t.substr(dot + 2))))
            return ItalicVenue{i, offset(t) + dot + 2, std::string(text::trim(t.substr(dot + 2)))};
    }
    return std::nullopt;
}

// "*R. Doe and S. Roe.", "+R. Doe, eds.", "†A. Poe": a mark glued to the first author
// (a student co-author, a conference volume, explained in a legend under the list)
// is no part of the author list.
void take_entry_mark(std::string& line) {
    std::size_t i = 0;
    for (bool more = true; more;) {
        more = false;
        for (std::string_view mark : {"*", "+", "\xE2\x80\xA0", "\xE2\x80\xA1", "\xC2\xA7"})  // "†", "‡", "§"
            if (line.compare(i, mark.size(), mark) == 0) i += mark.size(), more = true;
    }
    if (i > 0 && i < line.size() && std::isupper(static_cast<unsigned char>(line[i]))) line.erase(0, i);
}

Publication make_publication(const RawEntry& e, PublicationKind section_kind, const Italics* italics = nullptr) {
    std::optional<int> cell_year;
    std::vector<std::string> lines = cells_as_lines(e.lines, &cell_year);
    // "2025" on a line of its own above the title (a card's year box): the entry's year.
    if (!cell_year && lines.size() >= 2 && is_only_dates(lines[0]) && count_words(lines[0]) <= 3) {
        if (auto ys = find_years(lines[0]); !ys.empty()) {
            cell_year = ys.front().year;
            lines.erase(lines.begin());
        }
    }
    if (!cell_year && !lines.empty()) cell_year = take_leading_year(lines[0]);
    std::optional<Tagged> tag;
    if (!lines.empty()) {
        tag = find_tag(lines[0]);
        if (tag) lines[0] = tag->rest;
        else {
            take_index_label(lines[0]);
            take_entry_mark(lines[0]);
        }
        // "SIGMOD'26" on a line of its own above the title.
        if (!tag && lines.size() >= 2 && count_words(lines[0]) <= 3 && !find_years(lines[0]).empty() &&
            chars::count_letters(lines[0]) >= 2 && tag_like(lines[0])) {
            tag = Tagged{lines[0], {}};
            lines.erase(lines.begin());
        }
    }
    for (auto& l : lines) l = without_author_marks(l);  // (after the tag: "NSDI'25 Poster* Title" is one)
    std::string text = text::collapse_whitespace(join_lines(lines));
    Reading r = read_entry(lines, text);

    Publication p;
    p.title = clean_title(r.title);
    p.authors = r.authors;
    bool submitted = e.pending || (tag && mentions_submission(tag->tag)) || mentions_submission(r.rest) ||
                     r.status == "submitted" || r.status == "under review" || r.status == "in preparation";
    std::string venue = tag ? tag->tag : venue_of(r);
    if (tag && chars::count_letters(venue) < 2) venue = venue_of(r);
    if (mentions_submission(venue) || is_placeholder_venue(venue)) venue.clear();
    // A bare DOI after the entry ("10.23919/CNSM46954.2019.9012702", a link's text) names no venue.
    if (!venue.empty() && chars::count_letters(strip_links_and_ids(venue)) < 2) venue.clear();

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
    if (!p.year) p.year = trailing_month_year(text);  // "..., ICML, 09/18"
    if (!p.year) p.year = e.year_hint;

    // "Doe, J. (2026). Title, with commas, Ecological Informatics, 103637.": a title cut at
    // its first comma for want of a sentence end runs on to the last comma part that
    // names a known venue.
    if (r.rest_lines.empty() && !tag && !normalize::find_venue(venue) && text.find(r.title + ",") != std::string::npos) {
        if (auto tail = known_venue_at_end(r.rest)) {
            p.title = clean_title(r.title + ", " + std::string(text::trim(std::string_view(r.rest).substr(0, tail->first))));
            venue = tail->second;
        }
    }
    // "Is X Still Y? Revisiting Z in the USA. Archives of Sexual Behavior, 51(6)": a title that
    // asks a question goes on with its subtitle, up to a venue the table knows.
    if (r.rest_lines.empty() && !tag && !normalize::find_venue(venue)) {
        const std::string_view asked = text::trim(r.title);
        const std::string_view rest = r.rest;
        const std::size_t dot = rest.find(". ");
        if (!asked.empty() && (asked.back() == '?' || asked.back() == '!') && dot != std::string_view::npos &&
            count_words(rest.substr(0, dot)) <= 15) {
            std::string next = venue_from_rest(rest.substr(dot + 2));
            if (!next.empty() && normalize::find_venue(next)) {
                p.title = clean_title(std::string(asked) + " " + std::string(text::trim(rest.substr(0, dot))));
                venue = std::move(next);
            }
        }
    }
    // A venue set in italics among the comma parts of a title that ran on ("Title,
    // <i>Journal</i>, 12, 2026"), or opening the rest: the italics say where it appeared.
    // (Also above an author line: "**Title**, _Journal_, 7(71)" then "Doe, J; Roe, R"; the
    // title's own parts are read first, the lines below it are no part of where it appeared.)
    // An italic part that names a venue also wins over a guess that is no italic span of
    // its own: "New York" from "<i>Proceedings of X</i>, T. Roe, ed., Publisher, New York, 2000".
    if (italics && !italics->empty() && !tag && !r.title.empty()) {
        const bool known = normalize::find_venue(venue).has_value();
        std::size_t from = text.find(r.title);
        // "Title, <i>Journal</i>, 5, No. 1, 2003" on a page that gives no authors: with the
        // title's words read as names, the "title" came after the italic venue. The entry
        // starts with its title then.
        bool misread = false;
        if (from != std::string::npos && from > 0 && r.rest_lines.empty()) {
            const std::string_view whole_text = text;
            const std::vector<std::string_view> whole = text::split(whole_text, ',');
            // (An italic that names no venue, "***Doe, J.***" in an author list, restarts nothing.)
            if (auto first = italic_part(whole_text, whole, *italics);
                first && (normalize::find_venue(first->venue).has_value() || kind_from_words(first->venue) != PublicationKind::other)) {
                const std::size_t at = static_cast<std::size_t>(whole[first->part].data() - text.data()) + first->venue_from;
                if (at < from) from = 0, misread = true;
            }
        }
        if (from != std::string::npos) {
            std::string_view after = std::string_view(text).substr(from, misread ? std::string::npos : r.title.size());
            std::vector<std::string_view> parts = text::split(after, ',');
            auto at = italic_part(after, parts, *italics);
            if (!at && r.rest_lines.empty()) {
                after = std::string_view(text).substr(from);
                parts = text::split(after, ',');
                at = italic_part(after, parts, *italics);
            }
            const bool named = at && (normalize::find_venue(at->venue).has_value() || kind_from_words(at->venue) != PublicationKind::other);
            if (at && !mentions_submission(after) && (misread || !known || (named && !italics->contains(std::string_view(venue))))) {
                const std::string_view part = parts[at->part];
                const std::size_t venue_begin = static_cast<std::size_t>(part.data() - after.data()) + at->venue_from;
                const std::size_t tail_begin = static_cast<std::size_t>(part.data() - after.data()) + part.size();
                venue = std::move(at->venue);
                std::string_view head = text::trim(after.substr(0, venue_begin));
                if (head.size() > 3 && head.substr(head.size() - 3) == "in:") head.remove_suffix(3);  // "Title, in: <i>Proc.</i>"
                else if (head.size() > 3 && (head.substr(head.size() - 3) == " in" || head.substr(head.size() - 3) == " In")) head.remove_suffix(3);
                head = text::trim(head);
                while (!head.empty() && (head.back() == ',' || head.back() == '.')) head.remove_suffix(1);
                p.title = clean_title(head);
                if (misread) p.authors.clear();
                if (!p.year) p.year = first_year(after.substr(tail_begin));
            }
        }
    }
    // (Read from the title on: a title with a sentence end, "Images - II. Variable objects",
    // was cut there and its second sentence taken for the venue.)
    // (A journal named in ISO 4 abbreviations, "J. Atmos. Sci.", is a venue already.)
    if (r.rest_lines.empty() && !tag && !normalize::find_venue(venue) && !abbreviated_journal_name(venue) && !r.title.empty()) {
        const std::size_t from = text.find(r.title);
        const std::string_view entry = from == std::string::npos ? std::string_view(p.title) : std::string_view(text).substr(from);
        if (auto cut = year_before_venue(entry)) {
            std::string v = venue_from_rest(entry.substr(cut->venue));
            if (!v.empty() && !mentions_submission(v) && chars::count_letters(strip_links_and_ids(v)) >= 2) {  // (no bare DOI)
                venue = std::move(v);
                if (!p.year) p.year = cut->year;
                p.title = clean_title(entry.substr(0, cut->at));
            }
        }
    }
    // (The rest after such a title holds at most a DOI or a link: also a bare DOI, as a
    // Markdown link's text shows it, "10.1109/ACCESS.2021.3084221".)
    if (r.rest_lines.empty() && !tag && !normalize::find_venue(venue) &&
        chars::count_letters(strip_links_and_ids(r.rest)) < 2) {
        if (auto tail = venue_before_year(p.title)) {
            venue = tail->venue;
            if (!p.year) p.year = tail->year;
            p.title = clean_title(std::string_view(p.title).substr(0, tail->at));
        }
    }
    if (!p.year) p.year = ending_year(text);  // the title ran on over the year: it still ends the entry
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
    // "Title. Ann Doe. MSc in Informatics, Faculty of Engineering, ...": a degree where the
    // venue would be is the thesis for it.
    if (words == PublicationKind::other) {
        const std::string sentences = text::replace_all(venue, ". ", "\n");  // split() returns views into it
        for (std::string_view chunk : text::split(sentences, '\n'))
            if (starts_with_degree(text::trim(chunk)) && text::trim(chunk).find(" in ") != std::string_view::npos) words = PublicationKind::thesis;
    }
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

// "arXiv, also NSDI'25 Poster": the same paper shown at a second venue; "Proceedings of
// X (EICS) and Proceedings of the ACM on Y (PACM-HCI)": a conference paper that is also
// a journal paper, each venue with its acronym.
std::optional<Publication> also_at(const Publication& p) {
    std::size_t at = p.venue_raw.find("also ");
    std::size_t skip = 5;
    if (const std::size_t both = p.venue_raw.find(") and "); (at == std::string::npos || at == 0) && both != std::string::npos) {
        const std::string_view second_part = text::trim(std::string_view(p.venue_raw).substr(both + 6));
        const bool acronym_closed = !second_part.empty() && second_part.back() == ')' && p.venue_raw.rfind('(', both) != std::string::npos;
        if (acronym_closed) at = both + 1, skip = 5;  // from " and "
    }
    if (at == std::string::npos || at == 0) return std::nullopt;
    std::string second = std::string(text::trim(std::string_view(p.venue_raw).substr(at + skip)));
    if (!normalize::find_venue(second)) return std::nullopt;
    Publication q = p;
    q.venue_raw = second;
    if (auto ys = find_years(second); !ys.empty()) q.year = ys.front().year;
    q.kind = kind_from_words(second);
    return q;
}

std::vector<Publication> extract_publications(const Block& block, const std::vector<std::string>& italics) {
    std::vector<Publication> out;
    const Italics italic_set(italics.begin(), italics.end());
    PublicationKind section_kind = kind_from_heading(block.heading);
    const bool pending_section = mentions_submission(block.heading);  // "Submitted Papers", "In Vorbereitung"
    for (RawEntry& e : split_entries(block)) {
        if (is_remark(e)) continue;
        e.pending = e.pending || pending_section;
        // A BibTeX copy of the citation above it says nothing new; a BibTeX entry
        // alone is read from its fields (unless the list already has its title).
        auto bib_at = std::find_if(e.lines.begin(), e.lines.end(), [](const std::string& l) { return opens_bibtex(l); });
        if (bib_at != e.lines.end()) {
            std::vector<readers::BibEntry> bib = readers::parse_bibtex(join_lines(std::vector<std::string>(bib_at, e.lines.end())), 8);
            e.lines.erase(bib_at, e.lines.end());
            if (e.lines.empty()) {
                for (const readers::BibEntry& b : bib) {
                    const std::string key = text::fold_key(b.field("title"));
                    if (key.empty() || std::any_of(out.begin(), out.end(), [&](const Publication& q) { return text::fold_key(q.title) == key; }))
                        continue;
                    RawEntry fields = e;
                    fields.lines = {readers::bib_entry_as_latex(b)};
                    out.push_back(make_publication(fields, e.own_kind ? PublicationKind::other : section_kind));
                }
                continue;
            }
        }
        Publication p = make_publication(e, e.own_kind ? PublicationKind::other : section_kind, &italic_set);
        if (p.title.empty() && p.venue_raw.empty()) continue;
        auto second = also_at(p);
        if (second) {
            const std::size_t cut = p.venue_raw.find("also ") != std::string::npos ? p.venue_raw.find("also ") : p.venue_raw.find(") and ") + 1;
            std::string first(text::trim(std::string_view(p.venue_raw).substr(0, cut)));
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
        const std::string& line = block.lines[i].text;
        if (line.empty() || line.back() != ':') continue;  // (a label ends in a colon: fold no other line)
        std::string label = text::fold_key(line);
        bool opens = count_words(label) <= 6 &&
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

std::vector<Publication> cited_in_text(const Block& block) {
    std::vector<Publication> out;
    for (const Line& l : block.lines) {
        if (l.blank() || l.heading_level > 0 || count_words(l.text) < 8) continue;
        auto prefix = author_prefix(l.text);
        if (!prefix || prefix->authors.size() < 2 || mentions_submission(l.text)) continue;
        // "Consultant, Example Detectors Inc. (2009-2010): Played a key role": a role and its
        // employer with dates, no authors and their year.
        if (std::any_of(prefix->authors.begin(), prefix->authors.end(), [](const std::string& a) {
                return is_role(a) || institution_strength(a) >= InstitutionStrength::org;
            }))
            continue;
        RawEntry e;
        e.lines = {l.text};
        Publication p = make_publication(e, PublicationKind::other);
        if (p.year && count_words(p.title) >= 3 && !p.venue_raw.empty()) out.push_back(std::move(p));
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
