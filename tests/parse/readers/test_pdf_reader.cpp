// read_pdf: text layers through poppler, failures as Error(parse).
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "cvsearch/errors.hpp"
#include "cvsearch/parse.hpp"
#include "parse/readers/reader.hpp"
#include "tests/test_util.hpp"

using cvsearch::Error;
using cvsearch::ErrorCode;
using cvsearch::readers::read_pdf;

namespace {

// A PDF file from its objects (numbered from 1), with a correct cross-reference
// table so that poppler need not repair it.
std::string pdf_file(const std::vector<std::string>& objects, const std::string& trailer_extra = {}) {
    std::string pdf = "%PDF-1.4\n";
    std::vector<std::size_t> offsets;
    for (std::size_t i = 0; i < objects.size(); ++i) {
        offsets.push_back(pdf.size());
        pdf += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
    }
    std::size_t xref = pdf.size();
    pdf += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
    for (std::size_t off : offsets) {
        char entry[32];
        std::snprintf(entry, sizeof entry, "%010zu 00000 n \n", off);
        pdf += entry;
    }
    pdf += "trailer\n<< /Size " + std::to_string(objects.size() + 1) + " /Root 1 0 R" + trailer_extra +
           " >>\nstartxref\n" + std::to_string(xref) + "\n%%EOF\n";
    return pdf;
}

// A one-page PDF whose page shows `lines` in Helvetica, one per line.
std::string tiny_pdf(const std::vector<std::string>& lines) {
    std::string content = "BT /F1 12 Tf 14 TL 72 720 Td";
    for (const auto& l : lines) content += " (" + l + ") Tj T*";
    content += " ET";
    return pdf_file({
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        "/Resources << /Font << /F1 5 0 R >> >> >>",
        "<< /Length " + std::to_string(content.size()) + " >>\nstream\n" + content + "\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    });
}

// A PDF of `pages` pages that all show the same content stream of `lines`
// lines: a small file that expands to much text (each page is ~150 bytes).
std::string expanding_pdf(int pages, int lines) {
    std::string content = "BT /F1 10 Tf 12 TL 40 760 Td";
    for (int i = 0; i < lines; ++i) content += " (Orla Quenby wrote on distributed systems and fault tolerance) Tj T*";
    content += " ET";
    std::vector<std::string> objects = {
        "<< /Type /Catalog /Pages 2 0 R >>", "",
        "<< /Length " + std::to_string(content.size()) + " >>\nstream\n" + content + "\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"};
    std::string kids;
    for (int p = 0; p < pages; ++p) {
        kids += std::to_string(objects.size() + 1) + " 0 R ";
        objects.push_back("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R "
                          "/Resources << /Font << /F1 4 0 R >> >> >>");
    }
    objects[1] = "<< /Type /Pages /Kids [" + kids + "] /Count " + std::to_string(pages) + " >>";
    return pdf_file(objects);
}

// A PDF protected by a user password (the standard security handler's O and U
// entries match no empty password), so it cannot be opened without one.
std::string encrypted_pdf() {
    const std::string id = "<0123456789abcdef0123456789abcdef>";
    return pdf_file({"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                     "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
                     "<< /Filter /Standard /V 1 /R 2 /O <" + std::string(64, '1') + "> /U <" + std::string(64, '2') +
                         "> /P -4 >>"},
                    " /Encrypt 4 0 R /ID [" + id + " " + id + "]");
}

ErrorCode code_of(const std::string& bytes, std::string* message = nullptr) {
    try {
        read_pdf(bytes, "cv.pdf");
    } catch (const Error& e) {
        CHECK(e.input() == "cv.pdf");
        if (message) *message = e.message();
        return e.code();
    }
    return ErrorCode::internal;  // no error at all
}

}  // namespace

TEST_CASE("read_pdf: the text layer, cleaned like plain text") {
    auto doc = read_pdf(tiny_pdf({"Ada Lovelace", "EDUCATION", "Research on distri-", "buted engines, 1843",
                                  "\\225 Analytical Engine notes"}),
                        "cv.pdf");
    CHECK(doc.text == "Ada Lovelace\nEDUCATION\nResearch on distributed\nengines, 1843\n- Analytical Engine notes");
}

TEST_CASE("read_pdf: unreadable PDFs are parse errors that say why") {
    std::string message;
    CHECK(code_of("not a pdf at all", &message) == ErrorCode::parse);
    CHECK(message.find("cannot read PDF") != std::string::npos);
    CHECK(code_of("", &message) == ErrorCode::parse);

    CHECK(code_of(tiny_pdf({}), &message) == ErrorCode::parse);
    CHECK(message.find("no text layer") != std::string::npos);

    CHECK(code_of(encrypted_pdf(), &message) == ErrorCode::parse);
    CHECK(message.find("encrypted with a password") != std::string::npos);

    const std::string good = tiny_pdf({"Ada Lovelace"});
    for (std::size_t cut : {std::size_t{9}, std::size_t{40}, good.size() / 3, good.size() / 2}) {
        CAPTURE(cut);
        CHECK(code_of(good.substr(0, cut)) == ErrorCode::parse);  // truncated: never a crash, never garbage
    }
}

TEST_CASE("read_pdf: the sample PDFs in data/profiles have text") {
    namespace fs = std::filesystem;
    fs::path dir = cvsearch::testing::source_dir() / "data" / "profiles";
    int seen = 0;
    if (fs::exists(dir)) {
        for (const auto& entry : fs::recursive_directory_iterator(dir)) {
            if (entry.path().extension() != ".pdf") continue;
            ++seen;
            CAPTURE(entry.path().string());
            auto doc = read_pdf(cvsearch::testing::read_file(entry.path()), entry.path().string());
            CHECK(doc.text.size() > 200);
        }
    }
    MESSAGE("sample PDFs read: " << seen);
}

TEST_CASE("read_pdf: a PDF that expands past the text limit stops there, naming the page") {
    // 2,000 pages showing one shared content stream: a 320 KB file, 7 MB of
    // text. A file like it took 25 s and 300 MB to index; --max-file-size never saw it.
    const std::string pdf = expanding_pdf(2000, 60);
    CHECK(pdf.size() < 400'000);
    std::string message;
    try {
        read_pdf(pdf, "cv.pdf", 100'000);
        FAIL_CHECK("no error");
    } catch (const Error& e) {
        CHECK(e.code() == ErrorCode::too_large);
        CHECK(e.input() == "cv.pdf");
        message = e.message();
    }
    CAPTURE(message);
    CHECK(message.find("of 2000, over the limit of 100000 bytes of text") != std::string::npos);
    CHECK(message.find("--max-text-size") != std::string::npos);
    CHECK(message.find("after page 2000 ") == std::string::npos);  // stopped early
    CHECK(read_pdf(expanding_pdf(3, 60), "cv.pdf", 100'000).text.size() > 3 * 60 * 40);  // under the limit: read

    // Through parse_bytes, with the default limit (4 MiB).
    const auto start = std::chrono::steady_clock::now();
    try {
        cvsearch::parse_bytes(pdf, "cv.pdf");
        FAIL_CHECK("no error");
    } catch (const Error& e) {
        CHECK(e.code() == ErrorCode::too_large);
        CHECK(e.message().find("over the limit of 4194304 bytes of text") != std::string::npos);
    }
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(60));
}
