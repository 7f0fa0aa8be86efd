#include "parse/extract/pub_entries.hpp"
#include "parse/extract/pub_venue.hpp"

#include <algorithm>
#include <array>

#include "core/text.hpp"
#include "parse/extract/chars.hpp"
#include "parse/extract/dates.hpp"
#include "parse/extract/pub_authors.hpp"
#include "parse/extract/pub_reading.hpp"
#include "parse/extract/extract.hpp"
#include "parse/normalize/normalize.hpp"

namespace cvsearch::extract {

using chars::count_words;
namespace {

// "Doe, J., Roe, R. (2019). Title": an author list with its year at the start of a line.
bool opens_citation(std::string_view line) {
    auto prefix = author_prefix(line);
    return prefix && prefix->year && prefix->end < 200;
}

// "2017 | Title. Venue": a table row (LaTeX tabular, HTML or Markdown table) whose first
// cell is a year opens an entry; a row with an empty first cell goes on with it.
bool opens_dated_row(std::string_view line) {
    const std::string_view t = text::trim(line);
    const std::size_t bar = t.find('|');
    if (bar == std::string_view::npos || bar > 16 || bar == 0) return false;
    const std::string_view cell = text::trim(t.substr(0, bar));
    if (!is_only_dates(cell)) return false;
    const auto years = find_years(cell);
    return !years.empty() && years.front().begin == 0;
}

// "2020, Dependent Types as Macros.", "2019. Title", "2018 - Title": a year that opens
// the line, set apart by a comma, a period, a colon or a dash.
bool opens_with_year(std::string_view line) {
    const std::string_view t = text::trim(line);
    if (t.size() < 8 || !std::all_of(t.begin(), t.begin() + 4, [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return false;
    auto ys = find_years(t.substr(0, 4));
    if (ys.empty()) return false;
    std::string_view after = t.substr(4);
    for (std::string_view sep : {", ", ". ", ": ", " - ", " \xE2\x80\x93 ", " \xE2\x80\x94 "})
        if (after.starts_with(sep)) return true;
    return false;
}

// What split_entries knows of the entry it is reading, kept as lines are
// added: asking the whole entry again at every line made a long paragraph
// without entry ends quadratic (20,000 lines: 40 s).
// Years are looked for only when a line ends with a period, and each line
// only once.
struct EntryState {
    std::size_t words = 0;
    bool has_year = false;
    std::size_t years_checked = 0;  // lines of the entry already searched for a year

    bool year_in(const std::vector<std::string>& lines) {
        for (; !has_year && years_checked < lines.size(); ++years_checked)
            has_year = !find_years(lines[years_checked]).empty();
        return has_year;
    }
};

// A line that closes an entry in a list without markers or blank lines:
// it ends with a year or with a period once the entry has its year.
bool ends_entry(std::string_view line, const std::vector<std::string>& entry, EntryState& state) {
    std::string_view t = text::trim(line);
    if (t.empty()) return false;
    if (state.words < 8) return false;  // "SIGMOD'26" above a title opens an entry
    std::string_view tail = t.substr(t.size() > 16 ? t.size() - 16 : 0);
    if (!find_years(tail).empty() && find_years(tail).back().end + 3 >= tail.size()) return true;
    return t.back() == '.' && state.year_in(entry);
}

// Braces a line opens minus those it closes.
int brace_balance(std::string_view line) {
    int depth = 0;
    for (char c : line) depth += c == '{' ? 1 : c == '}' ? -1 : 0;
    return depth;
}

}  // namespace

bool is_legend(std::string_view text) {
    std::string_view t = text::trim(text);
    while (!t.empty() && std::string_view("*+#").find(t.front()) != std::string_view::npos) t.remove_prefix(1);
    for (std::string_view mark : {"\xE2\x80\xA0", "\xE2\x80\xA1", "\xC2\xA7"})  // "†", "‡", "§"
        while (t.substr(0, mark.size()) == mark) t.remove_prefix(mark.size());
    t = text::trim(t);
    if (t.empty()) return false;
    if (t.front() == '=' || t.front() == ':') return true;
    for (std::string_view verb : {"denotes ", "indicates ", "marks "})
        if (text::starts_with_icase(t, verb)) return true;
    return false;
}

bool opens_bibtex(std::string_view line) {
    line = text::trim(line);
    if (line.size() < 3 || line[0] != '@') return false;
    std::size_t i = 1;
    while (i < line.size() && std::isalpha(static_cast<unsigned char>(line[i]))) ++i;
    while (i < line.size() && line[i] == ' ') ++i;
    return i > 1 && i < line.size() && (line[i] == '{' || line[i] == '(');
}

std::vector<RawEntry> split_entries(const Block& block) {
    std::vector<RawEntry> out;
    // A legend under the list ("* = joint work with students") marks no entry. One marked
    // line after two or more unmarked paragraphs is a stray ("\textbf{9}." wrapped onto a
    // line of its own reads as "9."), not the list's markers; right under the block's first
    // lines it is the rest of a list begun above ("12." after the tail of entry 11).
    std::size_t marked = 0, paragraphs_before = 0;
    bool in_paragraph = false;
    for (const Line& l : block.lines) {
        if (l.blank()) { in_paragraph = false; continue; }
        const bool m = l.marker != Marker::none && !is_legend(l.text);
        if (m) ++marked;
        if (!m && !in_paragraph && marked == 0) ++paragraphs_before;
        in_paragraph = true;
    }
    bool has_markers = marked >= 2 || (marked == 1 && paragraphs_before < 2);
    // A list without markers whose entries each open with their year ("2020, Title." then
    // the authors and the venue on lines of their own): the year is the marker.
    // (Most entries so: a year that opens a wrapped line now and then marks nothing.)
    std::size_t dated = 0, first_lines = 0, text_lines = 0;
    bool after_blank = true;
    for (const Line& l : block.lines) {
        if (l.blank()) { after_blank = true; continue; }
        if (l.heading_level == 0) {
            dated += opens_with_year(l.text) ? 1 : 0;
            first_lines += after_blank ? 1 : 0;
            ++text_lines;
        }
        after_blank = false;
    }
    const bool year_marked = !has_markers && dated >= 2 && dated >= first_lines && dated * 5 >= text_lines;
    // In a numbered list, "- " or "→ " lines are notes on the entry above.
    bool numbered = has_markers &&
                    std::count_if(block.lines.begin(), block.lines.end(), [](const Line& l) { return l.marker == Marker::number; }) >= 2;
    RawEntry cur;
    EntryState state;
    std::optional<int> year_hint;
    bool gap = false;
    bool listing = false;  // a marked line has been seen
    bool pending = false;  // under a status sub-heading ("Under Review", "In Vorbereitung")
    bool titled = false;   // cur was opened by a heading that is the entry's title
    bool own_kind = false; // a year heading as high as the section's heading has been seen
    int bib_depth = 0;     // braces open in the BibTeX entry being read
    bool paragraph_break = false;  // a blank line since the last line of cur (no markers)
    bool row_entry = false;        // cur opened with a table row dated in its first cell
    auto flush = [&] {
        if (!cur.lines.empty()) {
            cur.year_hint = year_hint;
            cur.pending = pending;
            cur.own_kind = own_kind;
            out.push_back(std::move(cur));
        }
        cur = RawEntry{};
        state = EntryState{};
        titled = false;
    };
    for (const Line& l : block.lines) {
        if (bib_depth > 0 || (!l.blank() && opens_bibtex(l.text))) {
            if (l.blank()) continue;
            if (bib_depth == 0) flush();
            cur.lines.push_back(l.text);
            bib_depth += brace_balance(l.text);
            if (bib_depth <= 0) bib_depth = 0, flush();
            gap = false;
            continue;
        }
        if (l.blank()) {
            // (A heading title waits for its authors and venue across the paragraph break.)
            bool title_only = cur.lines.size() == 1 && titled;
            if (!has_markers && !title_only) paragraph_break = true;
            gap = true;
            continue;
        }
        if (paragraph_break) {
            // A card of paragraphs (<p> title, <p> authors, <p> "Venue, 2024"): the author
            // list and the venue line go on the entry above while it has no year yet.
            paragraph_break = false;
            const bool short_dated = count_words(l.text) <= 12 && !find_years(l.text).empty();
            const bool continues = !cur.lines.empty() && cur.lines.size() <= 3 && !state.year_in(cur.lines) &&
                                   count_words(cur.lines.front()) >= 3 && (is_author_list(l.text) || short_dated);
            if (!continues) flush();
        }
        // "2023" sub-headings group entries by year; "(2023).", ", 2021." or "2019 06."
        // wrapped onto a line of its own right under an entry is that entry's year.
        const std::string_view lt = text::trim(l.text);
        const bool closes_entry = !cur.lines.empty() && !gap && l.heading_level == 0 && l.marker == Marker::none && !lt.empty() &&
                                  (lt.front() == '(' || lt.front() == ',' || lt.front() == ';' || lt.back() == '.');
        // (A marked year right above a heading, "<li><div>2025</div><h4>Title</h4>", is that
        // entry's date, its card's year box: the entry opens with it.)
        const auto next_text = [&] {
            for (const Line* n = &l + 1; n < block.lines.data() + block.lines.size(); ++n)
                if (!n->blank()) return n;
            return static_cast<const Line*>(nullptr);
        };
        const Line* below = l.marker != Marker::none && has_markers ? next_text() : nullptr;
        const bool card_year = below && below->heading_level > 0 && count_words(below->text) >= 2 && find_years(below->text).empty();
        if (is_only_dates(l.text) && count_words(l.text) <= 3 && !closes_entry && !card_year) {
            flush();
            auto years = find_years(l.text);
            if (!years.empty()) year_hint = years.front().year;
            if (l.heading_level > 0 && block.level > 0 && l.heading_level <= block.level) own_kind = true;
            continue;
        }
        // A page set wholly in headings ("<h3>"Title," in Journal, Volume 4 (2017)</h3>" for
        // every line): a heading that reads as a whole citation, long and dated, is an entry.
        if (l.heading_level > 0 && count_words(l.text) >= 6 && !find_years(l.text).empty() && !heading_kind(l.text) &&
            !mentions_submission(l.text)) {
            flush();
            cur.lines.push_back(l.text);
            flush();
            listing = true;
            gap = false;
            continue;
        }
        if (l.heading_level > 0) {  // a sub-heading ("Conference Papers") is no entry
            // ... but a heading per paper ("<h5>Title</h5><p>Authors<br>Venue, 2026</p>")
            // is the title of the entry below it: long, and no heading word.
            // (A list item's mark before it, "<li><div>2025</div><h4>Title</h4>", "[2] Forth.":
            // a year or a status of a word or two, is the same entry's, whose title it is
            // however short.)
            const bool marked_date = cur.lines.size() == 1 && !cur.label.empty() && count_words(cur.lines[0]) <= 2 &&
                                     (is_only_dates(cur.lines[0]) || chars::count_letters(cur.lines[0]) <= 12);
            const bool paper_title = count_words(l.text) >= (marked_date ? 2u : 4u) && !heading_kind(l.text) &&
                                     !mentions_submission(l.text) && find_years(l.text).empty();
            if (!(paper_title && marked_date)) flush();
            if (paper_title) {
                cur.lines.push_back(l.text);
                if (!has_markers) state.words += count_words(l.text);
                titled = true;
                listing = true;
                gap = false;
                continue;
            }
            pending = mentions_submission(l.text);
            continue;
        }
        // "**Submitted**", "Under review:" on a line of its own: a status sub-heading;
        // the next sub-heading ("**Journal Articles**") ends it.
        std::string_view t = text::trim(l.text);
        // (In a list of marked entries an unmarked short line after a blank one is a sub-heading,
        // bold or not; "Methodology (Manuscript submitted)" wrapped from the entry above is not.)
        const bool plain_subheading = has_markers && gap && count_words(t) <= 3 && t.find('(') == std::string_view::npos;
        if (l.marker == Marker::none && count_words(t) <= 5 && !t.empty() && (l.bold || t.back() == ':' || plain_subheading) &&
            find_years(t).empty() && (mentions_submission(t) || (pending && heading_kind(t)))) {
            flush();
            pending = mentions_submission(t);
            continue;
        }
        // Prose before a marked list ("Authors in alphabetical order, as is customary
        // in theory."; "Below are papers with a major personal contribution.") introduces it.
        if (has_markers && !listing && l.marker == Marker::none && find_years(l.text).empty()) continue;
        listing = listing || l.marker != Marker::none;
        const Marker marker = has_markers ? l.marker : Marker::none;  // (a stray marker opens nothing)
        bool starts = (numbered ? marker == Marker::number : marker != Marker::none) || cur.lines.empty();
        // A list without markers or blank lines: a line opening with "Doe, J. (2019)." starts an entry.
        if (!starts && !has_markers && !cur.lines.empty() && (opens_citation(l.text) || opens_dated_row(l.text))) starts = true;
        if (year_marked && !cur.lines.empty()) starts = opens_with_year(l.text);
        // An unmarked entry after a blank line in a marked list (not the venue line of a
        // card's paragraphs, "Journal of X, August 2025": no citation opens with its venue).
        if (!starts && has_markers && gap && count_words(l.text) >= 6 && !find_years(l.text).empty() &&
            !chars::is_lower(chars::first(l.text))) {
            const std::string_view head = text::trim(std::string_view(l.text).substr(0, l.text.find(',')));
            starts = !normalize::find_venue(head) && kind_from_words(head) == PublicationKind::other;
        }
        if (starts && titled && cur.lines.size() == 1) starts = false;  // the title's own lines
        // "__Title__ (A. Doe, 2023)" / " - Arxiv link": a marked row of links under an entry is
        // part of it (an arXiv link says where the paper is), no entry of its own.
        if (starts && !cur.lines.empty() && is_link_row(l.text)) starts = false;
        if (starts) {
            flush();
            cur.label = l.label;
        }
        // "2020 | What does open sensing data offer" / "the Vision Community? Proc. ...": a
        // table row wrapped by hand (its other lines had an empty first cell) goes on with the
        // line above where that one stops mid-sentence or this one starts in lower case.
        if (!starts && row_entry && !has_markers && !cur.lines.empty()) {
            const std::string_view above = text::trim(cur.lines.back());
            const std::string_view here = text::trim(l.text);
            if (!above.empty() && !here.empty() &&
                (chars::is_lower(chars::first(here)) || std::string_view(".?!:;,)").find(above.back()) == std::string_view::npos)) {
                cur.lines.back() += " " + std::string(here);
                state.words += count_words(here);
                gap = false;
                continue;
            }
        }
        if (starts) row_entry = opens_dated_row(l.text);
        cur.lines.push_back(l.text);
        if (!has_markers) state.words += count_words(l.text);
        titled = false;  // the title has its first line below it
        gap = false;
        if (!has_markers && !year_marked && ends_entry(l.text, cur.lines, state)) {
            // Only split a paragraph of several entries, not a single wrapped one.
            flush();
        }
    }
    flush();
    return out;
}

// Lines that are remarks, not entries: "* denotes equal contribution", "Google Scholar: ...".
// "Paper / Project Page / Code", "[pdf] [bibtex]": a row of link labels under an entry;
// also labels said in words: "Arxiv link, Summary on Twitter".
bool is_link_row(std::string_view text) {
    if (text.size() > 200) return false;  // a row of labels is short: no entry is read as one
    static const std::array<std::string_view, 24> labels = {
        "paper", "pdf", "code", "project", "project page", "page", "slides", "video", "bibtex", "arxiv", "hf", "dataset",
        "demo", "poster", "website", "talk", "github", "model", "supplementary", "doi", "blog", "abstract", "html", "link"};
    // Words around a label that keep a cell a link's label.
    static const std::array<std::string_view, 14> around = {"link", "links", "summary", "on", "twitter", "thread", "tweet",
                                                           "here", "full", "text", "version", "the", "to", "online"};
    std::string s = text::ascii_lower(text);
    for (char& c : s)
        if (c == '/' || c == '|' || c == '[' || c == ']' || c == '(' || c == ')' || c == ',') c = '\n';
    s = text::replace_all(s, "\xC2\xB7", "\n");  // "·"
    std::size_t cells = 0;
    for (std::string_view cell : text::split(s, '\n')) {
        cell = text::trim(cell);
        if (cell.empty()) continue;
        ++cells;
        if (std::find(labels.begin(), labels.end(), cell) != labels.end()) continue;
        const auto words = text::words(cell);
        if (words.empty() || words.size() > 4) return false;
        for (std::string_view w : words)
            if (std::find(labels.begin(), labels.end(), w) == labels.end() && std::find(around.begin(), around.end(), w) == around.end())
                return false;
    }
    return cells >= 1;
}

bool is_remark(const RawEntry& e) {
    std::string all;
    for (const auto& l : e.lines) all += l + " ";
    if (is_link_row(all)) return true;
    std::string lower = text::ascii_lower(all);
    std::size_t words = count_words(all);
    if (words < 4 || is_legend(all)) return true;
    // "Abstract: We propose ...", "TL;DR: ...": a note on the entry above.
    for (std::string_view label : {"abstract:", "abstract.", "tl;dr:", "tldr:", "summary:"})
        if (lower.rfind(label, 0) == 0) return true;
    if (words < 15 && (lower.find("denotes") != std::string::npos || lower.find("equal contribution") != std::string::npos ||
                       lower.find("google scholar") != std::string::npos || lower.find("full list") != std::string::npos ||
                       lower.find("corresponding author") != std::string::npos))
        return true;
    return false;
}

}  // namespace cvsearch::extract
