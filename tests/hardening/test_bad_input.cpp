// Bad inputs, generated here (no committed blobs): every one gets a clear error
// that names it, never a crash, and nothing already indexed is lost.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <set>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/text.hpp"
#include "cvsearch/indexer.hpp"
#include "cvsearch/parse.hpp"
#include "tests/hardening/hardening_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

namespace {

/// The error parse_file throws for `file`; fails the test when it throws none.
Error parse_error(const fs::path& file, const ParseOptions& options = {}) {
    try {
        auto profiles = parse_file(file, options);
        FAIL_CHECK("no error for " << file.string() << " (" << profiles.size() << " profiles)");
    } catch (const Error& e) {
        CHECK(e.input() == file.string());  // the error names the input
        CHECK(std::string(e.what()).find(file.string()) == 0);
        CHECK_FALSE(e.message().empty());
        return e;
    }
    return Error(ErrorCode::internal, "", "");
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

/// Every string of a profile is valid UTF-8 without control characters but '\n' and '\t'.
void check_clean(const Profile& p) {
    for (const std::string* s : {&p.name, &p.headline}) {
        CHECK(text::is_valid_utf8(*s));
        for (unsigned char c : *s) CHECK((c >= 0x20 || c == '\n' || c == '\t'));
    }
}

std::string nested(char open, char close, std::size_t depth) {
    return std::string(depth, open) + std::string(depth, close);
}

const FileFailure* failure_for(const SyncReport& r, const fs::path& file) {
    for (const auto& f : r.failed)
        if (f.path == file.string()) return &f;
    return nullptr;
}

bool is_root() { return ::geteuid() == 0; }

}  // namespace

TEST_CASE("bad files: empty, binary, NUL bytes and invalid UTF-8") {
    TempDir dir;
    write_file(dir / "empty.txt", "");
    write_file(dir / "blank.md", "\n\n   \n\t\n");
    std::string binary;
    for (int i = 0; i < 4096; ++i) binary += static_cast<char>((i * 7919) & 0xff);
    write_file(dir / "binary.txt", binary);
    write_file(dir / "zeros.tex", std::string(10000, '\0'));

    for (const char* name : {"empty.txt", "blank.md"}) {
        Error e = parse_error(dir / name);
        CHECK(e.code() == ErrorCode::parse);
        CHECK(contains(e.message(), "empty"));
    }
    for (const char* name : {"binary.txt", "zeros.tex"}) {
        Error e = parse_error(dir / name);
        CHECK(e.code() == ErrorCode::parse);
        CHECK(contains(e.message(), "binary"));
    }

    // A few stray NUL bytes and invalid UTF-8 in an otherwise good CV: read, cleaned.
    std::string cv = text_cv("Orla Quenby", "tessellation");
    std::string with_nuls = cv;
    with_nuls.insert(5, std::string("\0\0", 2));
    with_nuls.insert(40, std::string("\0", 1));
    write_file(dir / "nuls.txt", with_nuls);
    write_file(dir / "invalid-utf8.txt", cv + "Talks: \xC3\x28 \xFF\xFE\xFD \xE2\x82 \xED\xA0\x80\n\xF0\x9F");
    write_file(dir / "overlong.md", "# Orla \xC0\xAF Quenby \xED\xA0\x80\n\n" + cv);
    for (const char* name : {"nuls.txt", "invalid-utf8.txt", "overlong.md"}) {
        const std::string file = name;
        CAPTURE(file);
        auto profiles = parse_file(dir / name);
        REQUIRE(profiles.size() == 1);
        check_clean(profiles[0]);
        CAPTURE(profiles[0].name);
        CHECK(contains(profiles[0].name, "Quenby"));
    }
}

TEST_CASE("bad files: a 200 MB file is refused by size, at once") {
    TempDir dir;
    const fs::path big = dir / "huge.txt";
    {
        int fd = ::open(big.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        REQUIRE(fd >= 0);
        REQUIRE(::ftruncate(fd, 200LL * 1024 * 1024) == 0);  // sparse: fast, takes no disk
        ::close(fd);
    }
    auto start = std::chrono::steady_clock::now();
    Error e = parse_error(big);
    CHECK(e.code() == ErrorCode::too_large);
    CHECK(contains(e.message(), "209715200 bytes"));
    CHECK(contains(e.message(), "--max-file-size"));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));  // refused before reading

    // Also through parse_bytes (the limit applies to bytes in memory).
    ParseOptions small;
    small.max_file_bytes = 10;
    try {
        parse_bytes("Orla Quenby, a CV longer than ten bytes", "mem.txt", small);
        FAIL_CHECK("no error");
    } catch (const Error& err) {
        CHECK(err.code() == ErrorCode::too_large);
        CHECK(err.input() == "mem.txt");
    }
}

TEST_CASE("bad files: a declared charset that hung ICU's converter (SCSU) is read as UTF-8") {
    // A Markdown CV with invalid UTF-8 that declares charset=scsu: ICU's
    // UnicodeString(bytes, "scsu") looped forever when the last byte's surrogate
    // pair did not fit its buffer, so `cvsearch index` hung holding the writer
    // lock, every night. Which lengths hit it depends on ICU's buffer rounding,
    // so the folder holds a range of them.
    TempDir dir;
    const fs::path cvs = dir / "cvs", db = dir / "db";
    const std::string head =
        "<!-- charset=scsu -->\n# Orla Quenby\n\nResearch Interests\n\ntessellation, distributed systems\n\n";
    const std::string define_window("\x0B\x00\x10", 3);  // SCSU SDX: window 0 at U+10800, two units per byte
    for (int n = 20; n < 60; ++n)
        for (const std::string& pad : {std::string(), std::string(" ")})
            write_file(cvs / ("scsu-" + std::to_string(n) + (pad.empty() ? "" : "b") + ".md"),
                       head + pad + define_window + std::string(n, '\x80'));
    write_file(cvs / "ada.txt", text_cv("Ada Quenby", "holography"));

    auto start = std::chrono::steady_clock::now();
    RunResult r = run_cli_limited({"index", cvs.string(), "--db", db.string()}, {}, dir.path());
    CAPTURE(r.err);
    CHECK(r.signal == 0);  // before the fix: killed after 120 s
    CHECK(r.exit_code == 0);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(60));
    CHECK(ids_found(db, "holography") == std::vector<std::string>{"ada"});
    CHECK(ids_found(db, "tessellation").size() == 80);  // the SCSU files, read as UTF-8 with repair

    RunResult parsed = run_cli_limited({"parse", (cvs / "scsu-41b.md").string()}, {}, dir.path());
    CHECK(parsed.exit_code == 0);
    CHECK(contains(parsed.out, "Orla Quenby"));
}

TEST_CASE("bad files: a profile whose text is over --max-text-size is refused, naming the file") {
    // --max-file-size bounds the bytes read, not the text they give (a PDF
    // expands; tests/readers/test_pdf_reader.cpp), and indexing takes memory
    // in proportion to the text: the text of each profile is bounded too.
    TempDir dir;
    ParseOptions small;
    small.max_text_bytes = 100'000;
    std::string long_section;
    while (long_section.size() < 150'000) long_section += "Fault-tolerant storage for glaciology data sets. ";
    write_file(dir / "long.md", "# Orla Quenby\n\n## Talks\n\n" + long_section + "\n");
    write_file(dir / "people.json", R"([{"id": "a", "name": "Ada Quenby"}, {"id": "b", "name": "Bo Ferrand", "sections": [)"
                                        R"({"heading": "Talks", "kind": "talks", "text": ")" + long_section + R"("}]}])");
    write_file(dir / "resume.json", R"({"basics": {"name": "Cy Marlowe", "summary": ")" + long_section + R"("}})");
    for (const char* name : {"long.md", "people.json", "resume.json"}) {
        CAPTURE(name);
        Error e = parse_error(dir / name, small);
        CHECK(e.code() == ErrorCode::too_large);
        CHECK(contains(e.message(), "over the limit of 100000 bytes of text per profile"));
        CHECK(contains(e.message(), "--max-text-size"));
        CHECK(parse_file(dir / name).size() >= 1);  // the default limit (4 MiB) takes them
    }
    CHECK(contains(parse_error(dir / "people.json", small).message(), "profile 2: "));

    // The CLI: one line naming the file, the others indexed, exit 1.
    const fs::path cvs = dir / "cvs", db = dir / "db";
    write_file(cvs / "long.md", read_file(dir / "long.md"));
    write_file(cvs / "ada.txt", text_cv("Ada Quenby", "holography"));
    RunResult r = run_cli({"index", cvs.string(), "--db", db.string(), "--max-text-size", "100000"});
    CAPTURE(r.err);
    CHECK(r.exit_code == 1);
    CHECK(contains(r.err, (cvs / "long.md").string() + ": its text is "));
    CHECK(ids_found(db, "holography") == std::vector<std::string>{"ada"});
    RunResult parsed = run_cli({"parse", (cvs / "long.md").string(), "--max-text-size", "100000"});
    CHECK(parsed.exit_code == 2);
    CHECK(contains(parsed.err, "--max-text-size"));
}

TEST_CASE("bad files: deeply nested and wrongly typed JSON") {
    TempDir dir;
    write_file(dir / "deep-array.json", nested('[', ']', 200000));
    write_file(dir / "deep-object.json", [] {
        std::string s;
        for (int i = 0; i < 100000; ++i) s += "{\"a\":";
        s += "1";
        s += std::string(100000, '}');
        return s;
    }());
    write_file(dir / "deep-unclosed.jsonl", std::string(100000, '['));
    write_file(dir / "deep-resume.json", "{\"basics\": " + nested('[', ']', 100000) + "}");
    for (const char* name : {"deep-array.json", "deep-object.json", "deep-unclosed.jsonl", "deep-resume.json"}) {
        CAPTURE(name);
        Error e = parse_error(dir / name);
        CHECK(e.code() == ErrorCode::parse);
    }

    // Wrong types where strings, lists and objects belong: an error or a profile, never a crash.
    const char* wrong[] = {
        R"({"name": 42, "interests": "not a list", "publications": {"a": 1}})",
        R"({"name": ["Orla", "Quenby"], "affiliations": [1, 2, null], "publications": [7, "x", []]})",
        R"({"name": "Orla Quenby", "publications": [{"title": 5, "year": "two thousand", "authors": {}}]})",
        R"({"name": "Orla Quenby", "publications": [{"title": "T", "year": 1e308, "authors": [[], {}]}]})",
        R"({"name": "Orla Quenby", "emails": 3.5, "links": {"x": "y"}, "skills": [true, false]})",
        R"({"basics": "Orla", "work": {"name": 1}, "education": 5})",
        R"({"basics": {"name": {"first": "Orla"}, "email": [], "location": "Oslo"}, "work": [1, "x", null]})",
        R"({"basics": {"name": "Orla Quenby"}, "publications": [{"name": 1, "releaseDate": 20210101}]})",
        R"(["a", 1, null, true])",
        R"(null)",
        R"("just a string")",
        R"({"name": "\ud800 lone surrogate"})",
        "{\"name\": \"Orla\u0000Quenby\"}",
    };
    int errors = 0, profiles = 0;
    for (std::size_t i = 0; i < std::size(wrong); ++i) {
        const fs::path file = dir / ("wrong-" + std::to_string(i) + ".json");
        write_file(file, wrong[i]);
        CAPTURE(wrong[i]);
        try {
            for (const auto& p : parse_file(file)) {
                check_clean(p);
                ++profiles;
            }
        } catch (const Error& e) {
            ++errors;
            CHECK(e.input() == file.string());
            CHECK(e.code() == ErrorCode::parse);
        }
    }
    MESSAGE("wrongly typed JSON: " << errors << " errors, " << profiles << " profiles");
    CHECK(errors > 0);
}

TEST_CASE("bad files: truncated PDF, symlink loop, directory, FIFO") {
    TempDir dir;
    write_file(dir / "truncated.pdf", "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Ty");
    write_file(dir / "pdf-header-only.txt", "%PDF-");
    for (const char* name : {"truncated.pdf", "pdf-header-only.txt"}) {
        Error e = parse_error(dir / name);
        CHECK(e.code() == ErrorCode::parse);
        CHECK(contains(e.message(), "PDF"));
    }

    fs::create_symlink(dir / "loop-b.txt", dir / "loop-a.txt");
    fs::create_symlink(dir / "loop-a.txt", dir / "loop-b.txt");
    Error loop = parse_error(dir / "loop-a.txt");
    CHECK(loop.code() == ErrorCode::io);
    CHECK(contains(loop.message(), "symbolic links"));

    fs::create_symlink(dir / "nowhere.txt", dir / "dangling.txt");
    CHECK(parse_error(dir / "dangling.txt").code() == ErrorCode::io);

    fs::create_directory(dir / "folder.txt");
    Error folder = parse_error(dir / "folder.txt");
    CHECK(contains(folder.message(), "directory"));

    REQUIRE(::mkfifo((dir / "pipe.txt").c_str(), 0644) == 0);
    Error fifo = parse_error(dir / "pipe.txt");  // refused, not read (which would block)
    CHECK(fifo.code() == ErrorCode::io);
    CHECK(contains(fifo.message(), "not a regular file"));
}

TEST_CASE("indexing bad inputs keeps everything indexed before") {
    TempDir dir;
    const fs::path cvs = dir / "cvs", db = dir / "db";
    write_file(cvs / "ada.txt", text_cv("Ada Quenby", "tessellation"));
    write_file(cvs / "bo.txt", text_cv("Bo Ferrand", "holography"));
    write_file(cvs / "zz-gone.txt", text_cv("Cy Marlowe", "glaciology"));
    write_file(cvs / "people.json", R"([{"id": "dee", "name": "Dee Alvarsson", "interests": ["cryptanalysis"]}])");
    SyncOptions opt;
    opt.roots = {cvs};
    opt.db = db;
    SyncReport first = index_directory(opt);
    REQUIRE(first.failed.empty());
    REQUIRE(first.total == 4);

    // Now: good files turned bad, and new bad files beside them.
    write_file(cvs / "bo.txt", std::string(5000, '\0'));                      // a good profile replaced by garbage
    write_file(cvs / "people.json", R"([{"id": "dee", "name": "Dee Alv)");     // truncated JSON
    write_file(cvs / "empty.md", "");
    write_file(cvs / "deep.json", nested('[', ']', 100000));
    write_file(cvs / "cut.pdf", "%PDF-1.7\n1 0 obj\n<<");
    {
        int fd = ::open((cvs / "huge.tex").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        REQUIRE(fd >= 0);
        REQUIRE(::ftruncate(fd, 200LL * 1024 * 1024) == 0);
        ::close(fd);
    }
    fs::create_symlink(cvs / "loop2.txt", cvs / "loop1.txt");
    fs::create_symlink(cvs / "loop1.txt", cvs / "loop2.txt");
    fs::create_symlink(cvs, cvs / "sub-loop");  // a folder that contains itself: not followed
    write_file(cvs / "new.txt", text_cv("Eve Sandoval", "palynology"));

    // zz-gone.txt disappears while the run is under way.
    opt.on_file = [&](const fs::path&, std::size_t done, std::size_t) {
        if (done == 1) fs::remove(cvs / "zz-gone.txt");
    };
    auto start = std::chrono::steady_clock::now();
    SyncReport r = index_directory(opt);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(60));

    for (const char* name : {"bo.txt", "people.json", "empty.md", "deep.json", "cut.pdf", "huge.tex", "loop1.txt",
                             "loop2.txt", "zz-gone.txt"}) {
        const std::string file = name;
        CAPTURE(file);
        const FileFailure* f = failure_for(r, cvs / name);
        REQUIRE(f != nullptr);
        CHECK_FALSE(f->reason.empty());
    }
    CHECK(failure_for(r, cvs / "huge.tex")->code == ErrorCode::too_large);
    CHECK(failure_for(r, cvs / "zz-gone.txt")->code == ErrorCode::io);
    CHECK(contains(failure_for(r, cvs / "loop1.txt")->reason, "symbolic links"));
    CHECK(r.added_ids == std::vector<std::string>{"new"});

    // Nothing already indexed is lost: the last good versions are still found.
    CHECK(ids_found(db, "tessellation") == std::vector<std::string>{"ada"});
    CHECK(ids_found(db, "holography") == std::vector<std::string>{"bo"});
    CHECK(ids_found(db, "cryptanalysis") == std::vector<std::string>{"people"});
    CHECK(ids_found(db, "glaciology") == std::vector<std::string>{"zz-gone"});  // kept this run (its read failed)
    CHECK(ids_found(db, "palynology") == std::vector<std::string>{"new"});
    CHECK(r.total == 5);

    // The CLI says the same, one line per file, naming it; exit status 1.
    opt.on_file = nullptr;
    RunResult cli = run_cli({"index", cvs.string(), "--db", db.string()});
    CHECK(cli.exit_code == 1);
    for (const char* name : {"bo.txt", "people.json", "empty.md", "deep.json", "cut.pdf", "huge.tex", "loop1.txt"}) {
        CAPTURE(name);
        CHECK(contains(cli.err, (cvs / name).string() + ": "));
    }
    CHECK(ids_found(db, "holography") == std::vector<std::string>{"bo"});
    CHECK(ids_found(db, "glaciology").empty());  // really gone now: removed on this run
}

TEST_CASE("a symbolic link that leaves the folder being indexed is not followed") {
    // A link to /etc/passwd among the CVs put its lines in search highlights.
    TempDir dir;
    const fs::path cvs = dir / "cvs", outside = dir / "outside", db = dir / "db";
    write_file(cvs / "ada.txt", text_cv("Ada Quenby", "tessellation"));
    write_file(cvs / ".store" / "bo.txt", text_cv("Bo Ferrand", "holography"));  // hidden: found through the link only
    write_file(outside / "secret.txt", text_cv("Cy Marlowe", "xylophonics"));
    fs::create_symlink(outside / "secret.txt", cvs / "leak.txt");
    fs::create_directories(cvs / "lab");
    fs::create_symlink("../../outside/secret.txt", cvs / "lab" / "relative-leak.md");
    fs::create_symlink(cvs / ".store" / "bo.txt", cvs / "bo.txt");  // inside the root: followed
    fs::create_symlink("leak.txt", cvs / "hop.txt");                 // inside, to a link that leaves

    SyncOptions opt;
    opt.roots = {cvs};
    opt.db = db;
    SyncReport r = index_directory(opt);
    for (const char* name : {"leak.txt", "lab/relative-leak.md", "hop.txt"}) {
        CAPTURE(name);
        const FileFailure* f = failure_for(r, cvs / name);
        REQUIRE(f != nullptr);
        CHECK(contains(f->reason, "outside the folder being indexed"));
        CHECK(contains(f->reason, (fs::canonical(outside) / "secret.txt").string()));
    }
    CHECK(ids_found(db, "xylophonics").empty());
    CHECK(ids_found(db, "holography") == std::vector<std::string>{"bo"});
    CHECK(ids_found(db, "tessellation") == std::vector<std::string>{"ada"});

    RunResult cli = run_cli({"index", cvs.string(), "--db", db.string()});
    CHECK(cli.exit_code == 1);
    CHECK(contains(cli.err, (cvs / "leak.txt").string() + ": a symbolic link to "));
}

TEST_CASE("unreadable files and folders are reported, their profiles kept") {
    TempDir dir;
    const fs::path cvs = dir / "cvs", db = dir / "db";
    write_file(cvs / "ada.txt", text_cv("Ada Quenby", "tessellation"));
    write_file(cvs / "lab" / "bo.txt", text_cv("Bo Ferrand", "holography"));
    REQUIRE(run_cli({"index", cvs.string(), "--db", db.string()}).exit_code == 0);

    write_file(cvs / "ada.txt", text_cv("Ada Quenby", "tessellation and more"));  // changed: must be read again
    fs::permissions(cvs / "ada.txt", fs::perms::none);
    fs::permissions(cvs / "lab", fs::perms::none);
    ChildLimits limits;
    if (is_root()) {  // root reads everything: run the CLI as an unprivileged user that owns the files
        chown_tree(dir.path(), nobody_uid);
        limits.uid = nobody_uid;
    }
    RunResult r = run_cli_limited({"index", cvs.string(), "--db", db.string()}, limits, dir.path());
    CAPTURE(r.err);
    CHECK(r.exit_code == 1);
    CHECK(contains(r.err, (cvs / "ada.txt").string() + ": "));
    CHECK(contains(r.err, (cvs / "lab").string() + ": cannot read the folder"));
    CHECK(contains(r.err, "ermission denied"));
    fs::permissions(cvs / "lab", fs::perms::owner_all);
    fs::permissions(cvs / "ada.txt", fs::perms::owner_read | fs::perms::owner_write);
    CHECK(ids_found(db, "tessellation") == std::vector<std::string>{"ada"});
    CHECK(ids_found(db, "holography") == std::vector<std::string>{"lab/bo"});
}

TEST_CASE("a read-only index directory: a clear error, the index unchanged") {
    TempDir dir;
    const fs::path cvs = dir / "cvs", db = dir / "db";
    write_file(cvs / "ada.txt", text_cv("Ada Quenby", "tessellation"));
    REQUIRE(run_cli({"index", cvs.string(), "--db", db.string()}).exit_code == 0);
    write_file(cvs / "bo.txt", text_cv("Bo Ferrand", "holography"));

    ChildLimits limits;
    if (is_root()) {
        chown_tree(cvs, nobody_uid);  // the CVs are readable; the index (owned by root) is not writable
        limits.uid = nobody_uid;
    } else {
        for (auto& e : fs::recursive_directory_iterator(db))
            fs::permissions(e.path(), fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write,
                            fs::perm_options::remove);
        fs::permissions(db, fs::perms::owner_write, fs::perm_options::remove);
    }
    for (bool full : {false, true}) {
        CAPTURE(full);
        std::vector<std::string> args{"index", cvs.string(), "--db", db.string()};
        if (full) args.push_back("--full");
        RunResult r = run_cli_limited(args, limits, dir.path());
        CAPTURE(r.err);
        CHECK(r.exit_code == 2);
        CHECK(contains(r.err, db.string()));
        CHECK(contains(r.err, "ermission"));
    }
    if (!is_root()) fs::permissions(db, fs::perms::owner_all, fs::perm_options::add);
    CHECK(ids_found(db, "tessellation") == std::vector<std::string>{"ada"});
    CHECK(ids_found(db, "holography").empty());
}

TEST_CASE("a full disk while writing: a clear error, the index unchanged") {
    TempDir dir;
    const fs::path cvs = dir / "cvs", db = dir / "db";
    write_file(cvs / "ada.txt", text_cv("Ada Quenby", "tessellation"));
    REQUIRE(run_cli({"index", cvs.string(), "--db", db.string()}).exit_code == 0);
    // Enough new text that the index files must grow.
    for (int i = 0; i < 60; ++i) {
        std::string body = text_cv("Bo Ferrand" + std::to_string(i), "holography");
        for (int j = 0; j < 200; ++j) body += "word" + std::to_string(i * 1000 + j) + " ";
        write_file(cvs / ("bo" + std::to_string(i) + ".txt"), body);
    }
    std::uintmax_t largest = 0;
    for (auto& e : fs::recursive_directory_iterator(db))
        if (e.is_regular_file()) largest = std::max(largest, e.file_size());

    for (bool full : {false, true}) {
        CAPTURE(full);
        ChildLimits limits;
        limits.max_file_size = largest;  // no file of the index may grow: the disk is "full"
        std::vector<std::string> args{"index", cvs.string(), "--db", db.string()};
        if (full) args.push_back("--full");
        RunResult r = run_cli_limited(args, limits, dir.path());
        CAPTURE(r.err);
        CHECK(r.exit_code == 2);
        CHECK(contains(r.err, db.string()));
        CHECK(contains(r.err, "disk"));
        CHECK_FALSE(contains(r.err, "rebuild"));  // nothing is wrong with the index itself
        CHECK(ids_found(db, "tessellation") == std::vector<std::string>{"ada"});
        CHECK(ids_found(db, "holography").empty());
    }
    // With room again, the same run succeeds.
    CHECK(run_cli({"index", cvs.string(), "--db", db.string()}).exit_code == 0);
    CHECK(ids_found(db, "holography").size() == 60);
}

TEST_CASE("control characters in file names never reach the terminal raw") {
    // A file name becomes the profile id, printed by search and show and in
    // error lines: ESC sequences in it drove the user's terminal (retitle,
    // clear the screen, fake output). They are printed as visible escapes.
    TempDir dir;
    const fs::path cvs = dir / "cvs", db = dir / "db";
    const std::string evil = "evil\x1b]0;pwned\x07\x1b[2J\xC2\x9b" "31m";
    write_file(cvs / (evil + ".txt"), text_cv("Orla Quenby", "tessellation"));
    write_file(cvs / (evil + "-empty.md"), "");
    RunResult indexed = run_cli({"index", cvs.string(), "--db", db.string()});
    CHECK(indexed.exit_code == 1);  // the empty file
    const std::vector<std::string> ids = ids_found(db, "tessellation");
    REQUIRE(ids.size() == 1);
    auto raw_controls = [](const std::string& s) {
        return s.find('\x1b') != std::string::npos || s.find('\x07') != std::string::npos ||
               s.find("\xC2\x9b") != std::string::npos;
    };
    // The id is the name cleaned (indexer/profile_ids.hpp); paths in messages are escaped.
    CHECK(ids[0].rfind("evil_]0;pwned__[2J_31m~", 0) == 0);
    for (const RunResult& r : {indexed, run_cli({"search", "tessellation", "--db", db.string()}),
                               run_cli({"show", ids[0], "--db", db.string()}),
                               run_cli({"parse", (cvs / (evil + ".txt")).string(), (cvs / (evil + "-empty.md")).string()})}) {
        CAPTURE(r.out);
        CAPTURE(r.err);
        CHECK_FALSE(raw_controls(r.out));
        CHECK_FALSE(raw_controls(r.err));
        CHECK((contains(r.out + r.err, "evil\\x1b]0;pwned\\x07\\x1b[2J\\u{9b}31m") || contains(r.out, ids[0])));
    }
}

TEST_CASE("file names that are not UTF-8 are indexed and reported") {
    TempDir dir;
    const fs::path cvs = dir / "cvs", db = dir / "db", report = dir / "report.json";
    write_file(cvs / "b\xFF\xFE.txt", text_cv("Bo Ferrand", "holography"));
    write_file(cvs / "c\xC3.txt", "");  // fails: the failure's path is not UTF-8 either
    RunResult r = run_cli({"index", cvs.string(), "--db", db.string(), "--report", report.string()});
    CAPTURE(r.err);
    CHECK(r.exit_code == 1);  // one failed file; before the fix: 2, "internal error ... invalid UTF-8 byte"
    CHECK_FALSE(contains(r.err, "internal error"));
    const std::string json = read_file(report);
    CHECK(text::is_valid_utf8(json));
    CHECK(contains(json, "c\xEF\xBF\xBD.txt"));  // in the failure's path, U+FFFD stands for the bad bytes
    const std::vector<std::string> ids = ids_found(db, "holography");
    REQUIRE(ids.size() == 1);
    CHECK(ids[0].rfind("b__~", 0) == 0);  // the id: '_' for each bad byte, and a hash of the name
    CHECK(contains(json, "\"" + ids[0] + "\""));
}
