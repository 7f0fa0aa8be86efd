// read_text: plain text, including text extracted from PDFs and the
// Markdown-flavoured text that PDF-to-text tools produce ("#### **EDUCATION**",
// "<u>Name</u>", "Jie You\*").
//
// The job is cleaning, not understanding: lines are kept (the extractor reads
// them), words broken across lines are joined, bullets become "- ", Markdown
// headings become "# ", and emphasis, escapes and inline tags are removed.
#include <string>
#include <unordered_map>
#include <vector>

#include "core/text.hpp"
#include "parse/readers/html.hpp"
#include "parse/readers/markup.hpp"
#include "parse/readers/reader.hpp"
#include "parse/readers/utf8.hpp"

namespace cvsearch::readers {
namespace {

// "---", "***", "===", "___": rules and underlines, not text.
bool is_rule(std::string_view line) {
    if (line.size() < 3) return false;
    for (char c : line)
        if (c != '-' && c != '*' && c != '_' && c != '=' && c != '~' && c != ' ') return false;
    return true;
}

// "#### **EDUCATION**" -> "EDUCATION"; returns false when the line is no ATX heading.
bool atx_heading(std::string_view line, std::string_view& content) {
    std::size_t hashes = 0;
    while (hashes < line.size() && line[hashes] == '#') ++hashes;
    if (hashes == 0 || hashes > 6 || (hashes < line.size() && line[hashes] != ' ')) return false;
    content = text::trim(line.substr(hashes));
    while (!content.empty() && content.back() == '#') content.remove_suffix(1);  // closing "##"
    content = text::trim(content);
    return true;
}

std::string inline_cleanup(std::string_view s, TextDocument& doc) {
    return markup::strip_inline_markdown(markup::replace_markdown_links(s, doc));
}

std::string clean_line(std::string_view raw, TextDocument& doc) {
    std::string_view line = text::trim(raw);
    if (line.empty() || is_rule(line)) return {};
    std::string_view content;
    if (atx_heading(line, content)) {
        std::string item = markup::normalize_bullet(content);
        // A "heading" that starts with a bullet is a bold list item the PDF tool promoted.
        if (item.rfind("- ", 0) == 0) return "- " + inline_cleanup(std::string_view(item).substr(2), doc);
        std::string heading = inline_cleanup(content, doc);
        while (!heading.empty() && (heading.back() == '_' || heading.back() == ' ')) heading.pop_back();  // "Talks_____"
        return text::trim(heading).empty() ? std::string() : "# " + heading;
    }
    std::string item = markup::number_as_list_item(markup::normalize_bullet(line));
    if (item.rfind("- ", 0) == 0) return "- " + inline_cleanup(std::string_view(item).substr(2), doc);
    return markup::number_as_list_item(inline_cleanup(item, doc));  // "**1.** Title" is numbered too
}

bool is_letter_byte(char c) { return utf8::is_ascii_alpha(c) || static_cast<unsigned char>(c) >= 0x80; }

// Function words that follow a suspended hyphen: "pre- and post-processing".
bool is_conjunction(std::string_view w) {
    return w == "and" || w == "or" || w == "nor" || w == "to" || w == "vs" || w == "vs." || w == "versus" ||
           w == "und" || w == "et" || w == "ou";
}

// Marks a line whose only word moved up to the line before (not a blank line).
const char* const kConsumed = "\x01";

// Joins a word hyphenated across a line break into the first line:
// "distri-" + "buted systems" -> "distributed" + "systems". A lower-case
// continuation drops the hyphen; an upper-case or numeric one ("Jae-" + "Won",
// "2019-" + "2020") and compounds that already hold a hyphen ("state-of-the-"
// + "art") keep it.
void join_hyphenated(std::vector<std::string>& lines) {
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
        std::string& line = lines[i];
        std::string& next = lines[i + 1];
        if (line.size() < 3 || line.back() != '-' || next.empty()) continue;
        char before = line[line.size() - 2];
        if (!is_letter_byte(before) && !utf8::is_ascii_digit(before)) continue;
        if (next.rfind("- ", 0) == 0 || next.rfind("# ", 0) == 0) continue;
        std::size_t word_end = next.find(' ');
        std::string word = next.substr(0, word_end);
        char first = word[0];
        bool lower = first >= 'a' && first <= 'z';
        bool upper_or_digit = (first >= 'A' && first <= 'Z') || utf8::is_ascii_digit(first);
        if ((!lower && !upper_or_digit) || (lower && is_conjunction(word))) continue;
        std::size_t word_start = line.find_last_of(' ', line.size() - 2);
        std::string_view prefix_word =
            std::string_view(line).substr(word_start == std::string::npos ? 0 : word_start + 1);
        bool compound = prefix_word.substr(0, prefix_word.size() - 1).find('-') != std::string_view::npos;
        if (lower && !compound && utf8::is_ascii_digit(before)) continue;  // "2019-" + "now": not a broken word
        if (lower && !compound) line.pop_back();
        line += word;
        next = word_end == std::string::npos ? std::string() : std::string(text::trim(next.substr(word_end)));
        if (next.empty()) next = kConsumed;  // erased later in one pass, not one erase per join
    }
    std::erase(lines, std::string(kConsumed));
}

// A running header or footer that a PDF repeats on every page: "August 2020 | Jane Doe
// Curriculum Vitae | 3", "Page 2 of 5", "Doe — CV 4". Lines that read the same but for
// one number, counting up by one from page to page (a small number, not a year), and
// that stand apart (a page of text between them), are blanked: in the text they fall
// between the lines of an entry and cut it in two.
void drop_page_furniture(std::vector<std::string>& lines) {
    struct Seen {
        std::size_t line;
        std::vector<long> numbers;
    };
    std::unordered_map<std::string, std::vector<Seen>> by_template;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string& l = lines[i];
        if (l.size() < 6 || l.size() > 120) continue;
        std::string tmpl;
        std::vector<long> numbers;
        bool letters = false;
        for (std::size_t k = 0; k < l.size();) {
            if (utf8::is_ascii_digit(l[k])) {
                std::size_t e = k;
                while (e < l.size() && utf8::is_ascii_digit(l[e])) ++e;
                numbers.push_back(e - k <= 6 ? std::stol(l.substr(k, e - k)) : -1);
                tmpl += '#';
                k = e;
                continue;
            }
            letters = letters || is_letter_byte(l[k]);
            tmpl += l[k++];
        }
        if (letters && !numbers.empty()) by_template[tmpl].push_back({i, std::move(numbers)});
    }
    for (const auto& [tmpl, seen] : by_template) {
        if (seen.size() < 3) continue;
        bool apart = true;
        for (std::size_t k = 1; k < seen.size(); ++k) apart = apart && seen[k].line - seen[k - 1].line >= 8;
        if (!apart) continue;
        const std::size_t count = seen.front().numbers.size();
        for (std::size_t pos = 0; pos < count; ++pos) {
            bool pages = true;
            for (std::size_t k = 0; k < seen.size() && pages; ++k) {
                const long n = seen[k].numbers[pos];
                pages = n >= 0 && n <= 300 && (k == 0 || n == seen[k - 1].numbers[pos] + 1);
                for (std::size_t other = 0; other < count && pages; ++other)
                    if (other != pos && seen[k].numbers[other] != seen.front().numbers[other]) pages = false;
            }
            if (!pages) continue;
            for (const auto& s : seen) lines[s.line].clear();
            break;
        }
    }
}

}  // namespace

TextDocument read_text(std::string_view utf8) {
    TextDocument doc;
    std::string s = markup::clean_characters(text::sanitize_utf8(utf8));
    s = html::decode_entities(html::strip_inline_tags(s), /*strict=*/true);
    std::vector<std::string> lines;
    for (std::string_view raw : markup::split_lines(s)) lines.push_back(clean_line(raw, doc));
    drop_page_furniture(lines);
    join_hyphenated(lines);
    std::string joined;
    for (const auto& l : lines) (joined += l) += '\n';
    doc.text = markup::finish(joined);
    markup::take_name_heading(doc, 1);
    return doc;
}

}  // namespace cvsearch::readers
