// read_pdf: the text layer of a PDF (poppler-cpp), then read as plain text.
//
// Pages are extracted in poppler's physical layout, which keeps each printed
// line on one line (a date flush right stays next to its entry); wide gaps
// inside a line become " | " so the extractor can split columns. Poppler's
// own diagnostics are silenced: a damaged file is reported once, as an Error.
#include <poppler-document.h>
#include <poppler-global.h>
#include <poppler-page.h>

#include <climits>
#include <memory>
#include <mutex>
#include <string>

#include "core/text.hpp"
#include "cvsearch/errors.hpp"
#include "parse/readers/markup.hpp"
#include "parse/readers/reader.hpp"

namespace cvsearch::readers {
namespace {

void quiet_poppler() {
    static std::once_flag once;
    std::call_once(once, [] { poppler::set_debug_error_function([](const std::string&, void*) {}, nullptr); });
}

// Runs of 4+ spaces inside a line are layout columns ("Research Intern      2019 - 2020").
std::string mark_columns(std::string_view page) {
    std::string out;
    out.reserve(page.size());
    for (std::string_view line : markup::split_lines(page)) {
        std::string_view t = text::trim(line);
        std::size_t i = 0;
        while (i < t.size()) {
            if (t[i] == ' ') {
                std::size_t j = i;
                while (j < t.size() && t[j] == ' ') ++j;
                out += j - i >= 4 ? " | " : " ";
                i = j;
                continue;
            }
            out.push_back(t[i++]);
        }
        out.push_back('\n');
    }
    return out;
}

std::string page_text(const poppler::document& doc, int index) {
    std::unique_ptr<poppler::page> page(doc.create_page(index));
    if (!page) return {};
    poppler::byte_array utf8 = page->text(poppler::rectf(), poppler::page::physical_layout).to_utf8();
    return mark_columns(text::sanitize_utf8(std::string_view(utf8.data(), utf8.size())));
}

}  // namespace

TextDocument read_pdf(std::string_view bytes, std::string_view name, std::size_t max_text_bytes) {
    quiet_poppler();
    const std::string input(name);
    if (bytes.size() > static_cast<std::size_t>(INT_MAX))
        throw Error(ErrorCode::too_large, input, "PDF is over 2 GiB; poppler cannot read it");
    // poppler reads the buffer in place; `bytes` outlives `doc`.
    std::unique_ptr<poppler::document> doc(
        poppler::document::load_from_raw_data(bytes.data(), static_cast<int>(bytes.size())));
    if (!doc)
        throw Error(ErrorCode::parse, input, "cannot read PDF: the file is damaged, truncated or not a PDF");
    if (doc->is_locked())
        throw Error(ErrorCode::parse, input,
                    "cannot read PDF: it is encrypted with a password; index an unprotected copy");
    std::string text;
    for (int i = 0; i < doc->pages(); ++i) {
        text += page_text(*doc, i) + "\n\n";
        if (text.size() > max_text_bytes)
            throw Error(ErrorCode::too_large, input,
                        text_too_large_message(text.size(), max_text_bytes,
                                               " after page " + std::to_string(i + 1) + " of " +
                                                   std::to_string(doc->pages())));
    }
    if (text::trim(text).empty())
        throw Error(ErrorCode::parse, input,
                    "PDF has no text layer (scanned?); run OCR on it first (e.g. ocrmypdf) and index the result");
    return read_text(text);
}

}  // namespace cvsearch::readers
