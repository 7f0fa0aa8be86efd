// read_markdown: Markdown CV pages (GitHub Pages / academicpages / Hugo), which
// mix Markdown with front matter, HTML fragments and template tags.
//
// Order matters: front matter is split off first; then the HTML scanner runs
// in fragment mode (it keeps the Markdown line structure and turns <div>, <li>,
// <br>, entities and comments into light markup); then each line's Markdown
// syntax is reduced: headings, lists, tables, links, emphasis.
#include <string>
#include <vector>

#include "core/text.hpp"
#include "parse/extract/extract.hpp"
#include "parse/readers/front_matter.hpp"
#include "parse/readers/html.hpp"
#include "parse/readers/markup.hpp"
#include "parse/readers/reader.hpp"
#include "parse/readers/utf8.hpp"

namespace cvsearch::readers {
namespace {

bool only_chars(std::string_view s, std::string_view allowed) {
    return !s.empty() && s.find_first_not_of(allowed) == std::string_view::npos;
}

bool is_rule(std::string_view t) {
    std::string compact;
    for (char c : t)
        if (c != ' ') compact.push_back(c);
    return compact.size() >= 3 && (only_chars(compact, "-") || only_chars(compact, "*") || only_chars(compact, "_"));
}

bool is_fence(std::string_view t) { return t.substr(0, 3) == "```" || t.substr(0, 3) == "~~~"; }

// "| a | b |" -> "a | b"; the "|---|:--:|" delimiter row -> "".
std::string table_row(std::string_view t) {
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] == '\\' && i + 1 < t.size() && t[i + 1] == '|') { cell += '|'; ++i; continue; }
        if (t[i] == '|') { cells.push_back(std::string(text::trim(cell))); cell.clear(); continue; }
        cell += t[i];
    }
    cells.push_back(std::string(text::trim(cell)));
    std::string out;
    bool delimiter_row = true;
    for (const auto& c : cells) {
        if (c.empty()) continue;
        if (!only_chars(c, "-: ")) delimiter_row = false;
        if (!out.empty()) out += " | ";
        out += c;
    }
    return delimiter_row ? std::string() : out;
}

// "[id]: https://..." reference definitions and kramdown "{: .class}" attribute lines.
bool is_metadata_line(std::string_view t) {
    if (t.substr(0, 2) == "{:" && t.back() == '}') return true;
    if (t.front() != '[') return false;
    auto close = t.find("]:");
    return close != std::string_view::npos && t.find(' ') > close;
}

// "- x", "* x", "+ x" -> "- x"; "1. x" -> "- 1. x"; "- [x] task" -> "- task".
std::string list_item(std::string_view t) {
    if (t.size() >= 2 && (t[0] == '-' || t[0] == '*' || t[0] == '+') && t[1] == ' ') {
        std::string_view rest = text::trim(t.substr(2));
        if (rest.substr(0, 3) == "[ ]" || rest.substr(0, 3) == "[x]" || rest.substr(0, 3) == "[X]") rest = text::trim(rest.substr(3));
        return "- " + std::string(rest);
    }
    return markup::number_as_list_item(t);
}

// ": Definition" (or "~ Definition") under a "Term" line: a definition list
// (pandoc, PHP Markdown Extra, kramdown). CVs written this way put a date or a
// label in the term: "2019 - 2022\n: **Postdoc**, Institute".
bool is_definition(std::string_view t) {
    return t.size() >= 2 && (t[0] == ':' || t[0] == '~') && (t[1] == ' ' || t[1] == '\t');
}

class LinePass {
  public:
    explicit LinePass(TextDocument& doc) : doc_(doc) {}

    std::string run(std::string_view text) {
        for (std::string_view raw : markup::split_lines(text)) line(raw);
        std::string joined;
        for (const auto& l : out_) (joined += l) += '\n';
        return joined;
    }

  private:
    void line(std::string_view raw) {
        std::string_view t = text::trim(raw);
        if (is_fence(t)) { in_fence_ = !in_fence_; return; }
        if (in_fence_) { out_.emplace_back(t); return; }  // code stays as text, unformatted
        while (!t.empty() && t.front() == '>') t = text::trim(t.substr(1));  // blockquote
        if (t.empty()) { out_.emplace_back(); return; }
        if (is_rule(t) || only_chars(t, "=")) { rule(t); return; }
        if (is_metadata_line(t)) return;
        if (is_definition(t)) { definition(text::trim(t.substr(1))); return; }
        if (t.front() == '#') {
            std::size_t hashes = t.find_first_not_of('#');
            if (hashes != std::string_view::npos && hashes <= 6 && t[hashes] == ' ') {
                std::string_view content = text::trim(t.substr(hashes));
                while (!content.empty() && content.back() == '#') content.remove_suffix(1);
                std::string heading = inline_text(text::trim(content));
                // The level is kept: "### Acme Corp" under "## Experience" titles an entry.
                if (!text::trim(heading).empty()) out_.push_back(std::string(hashes, '#') + " " + heading);
                return;
            }
        }
        if (t.front() == '|') {
            std::string row = table_row(t);
            if (!row.empty()) out_.push_back(inline_text(row));  // the "|---|" delimiter row says nothing
            return;
        }
        std::string item = list_item(markup::normalize_bullet(t));
        if (item.rfind("- ", 0) == 0) { out_.push_back("- " + inline_text(std::string_view(item).substr(2))); return; }
        // "**1.** *Title*" is a numbered entry once the emphasis is gone
        out_.push_back(markup::number_as_list_item(inline_text(item)));
    }

    // A definition is an item of a list; its term (the line above it, or above a
    // blank line: the loose form) opens the item: "- 2019 - 2022: Postdoc, Institute".
    // A second definition of the same term is an item of its own.
    void definition(std::string_view body) {
        std::size_t term = out_.size();
        if (term > 0 && out_[term - 1].empty() && term > 1) --term;
        bool has_term = term > 0 && !out_[term - 1].empty() && out_[term - 1].rfind("- ", 0) != 0 &&
                        !markup::is_heading_line(out_[term - 1]);
        std::string item = inline_text(body);
        if (!has_term) { out_.push_back("- " + item); return; }
        std::string head = std::move(out_[term - 1]);
        out_.resize(term - 1);
        out_.push_back("- " + head + ": " + item);
    }

    // "Title\n=====" / "Title\n-----" make Title a heading; a lone rule is a break.
    void rule(std::string_view t) {
        bool underline = t.front() == '=' || (t.front() == '-' && t.find(' ') == std::string_view::npos);
        if (underline && !out_.empty() && !out_.back().empty() && out_.back().rfind("- ", 0) != 0 &&
            !markup::is_heading_line(out_.back())) {
            out_.back() = "# " + out_.back();
            return;
        }
        out_.emplace_back();
    }

    std::string inline_text(std::string_view s) {
        std::string linked = markup::replace_markdown_links(drop_attribute_lists(s), doc_);
        if (linked.find("**") != std::string::npos) doc_.emphasized.append(linked).push_back('\n');
        // "_Journal of X_, 12(3)": what the line sets in italics, as an HTML page's <em>.
        constexpr std::size_t kMaxSpans = 4096;
        if (linked.find_first_of("*_") != std::string::npos)
            for (auto& span : markup::emphasis_spans(linked))
                if (span.size() <= 200 && doc_.italics.size() < kMaxSpans &&
                    (doc_.italics.empty() || doc_.italics.back() != span))
                    doc_.italics.push_back(std::move(span));
        return markup::strip_inline_markdown(linked);
    }

    // "[Jane Doe](url){:target="_blank"}": kramdown's inline attribute lists
    // style a span; they are no text.
    static std::string drop_attribute_lists(std::string_view s) {
        std::string out;
        std::size_t from = 0;
        for (std::size_t at = s.find("{:"); at != std::string_view::npos; at = s.find("{:", from)) {
            std::size_t close = s.find('}', at);
            if (close == std::string_view::npos) break;
            out.append(s.substr(from, at - from));
            from = close + 1;
        }
        out.append(s.substr(from));
        return out;
    }

    TextDocument& doc_;
    std::vector<std::string> out_;
    bool in_fence_ = false;
};

// Front-matter fields that name the person. academicpages pages say
// `title: "CV"`, so a title or a description only counts where it reads like a
// name or names whose page it is ("CV of Jane Doe", "Jane Doe's Portfolio").
void apply_front_matter(const FrontMatter& fm, TextDocument& doc) {
    for (std::string_view key : {"name", "author.name", "author"}) {
        std::string v = markup::strip_decoration(fm.get({key}));
        if (markup::looks_like_person_name(v)) { doc.name_hint = v; break; }
    }
    if (doc.name_hint.empty())
        for (std::string_view key : {"title", "description"})
            if (std::string v = markup::person_name_in(fm.get({key})); !v.empty()) { doc.name_hint = v; break; }
    for (const auto& email : markup::find_emails(fm.get({"email", "author.email", "mail"})))
        markup::add_unique(doc.email_hints, email);
    std::string home = fm.get({"website", "homepage", "author.website", "author.homepage", "author.uri"});
    if (!home.empty()) doc.homepage_hint = home;
}

// The front matter's blocks that are parts of a CV (Hugo "academic" author pages:
// `interests:`, `education:`, `work:`, `awards:`) as Markdown sections after the
// body, for the extractor to read like any other section. Blocks of site
// settings ("profiles", "redirect_from", "social") name no CV heading and stay out.
std::string front_matter_sections(const FrontMatter& fm) {
    std::string out;
    for (const auto& [key, entries] : fm.blocks) {
        std::string heading;
        for (char c : key) heading.push_back(c == '_' || c == '-' || c == '.' ? ' ' : c);
        heading = text::collapse_whitespace(heading);
        auto kind = extract::heading_kind(heading);
        if (!kind || *kind == "contact" || *kind == "references" || *kind == "other") continue;
        // al-folio's `profile:` holds the picture's layout (align, image), as JSON's "profile" holds details.
        if (*kind == "summary" && (text::fold_key(heading) == "profile" || text::fold_key(heading) == "about")) continue;
        if (!heading.empty()) heading[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(heading[0])));
        out += "\n\n# " + heading + "\n";
        for (const auto& e : entries) (out += e) += '\n';
    }
    return out;
}

}  // namespace

TextDocument read_markdown(std::string_view utf8) {
    std::string clean = markup::clean_characters(text::sanitize_utf8(utf8));
    FrontMatter fm = split_front_matter(clean);
    const std::string body = std::string(fm.body) + front_matter_sections(fm);
    TextDocument doc = html::to_markup(body, /*markdown_fragment=*/true);
    std::string html_name = std::move(doc.name_hint);  // <title> in a fragment is weaker evidence than front matter
    doc.name_hint.clear();
    apply_front_matter(fm, doc);
    doc.text = markup::finish(LinePass(doc).run(doc.text));
    if (doc.name_hint.empty()) doc.name_hint = html_name;
    markup::take_name_heading(doc);
    return doc;
}

}  // namespace cvsearch::readers
