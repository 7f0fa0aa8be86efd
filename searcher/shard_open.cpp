#include "searcher/shard_open.hpp"

#include <cerrno>
#include <cstdlib>
#include <system_error>

#include "core/text.hpp"
#include "cvsearch/errors.hpp"
#include "vocabulary/shards.hpp"
#include "vocabulary/synonyms.hpp"

namespace cvsearch::search {
namespace fs = std::filesystem;

namespace {

bool is_network(const Xapian::Error& e) {
    const std::string type = e.get_type();
    return type == "NetworkError" || type == "NetworkTimeoutError";
}

/// Opens one stub line the way Xapian would ("auto PATH", "glass PATH",
/// "remote HOST:PORT", "remote :PROGRAM ARGS").
Xapian::Database open_line(const std::string& line, const fs::path& stub_dir, std::chrono::milliseconds timeout) {
    const auto ms = static_cast<unsigned>(timeout.count());
    const auto space = line.find(' ');
    const std::string kind = line.substr(0, space);
    const std::string rest = space == std::string::npos ? std::string() : std::string(text::trim(line.substr(space + 1)));
    if (kind == "remote") {
        if (!rest.empty() && rest.front() == ':') {
            const std::string cmd = rest.substr(1);
            const auto sp = cmd.find(' ');
            return Xapian::Remote::open(cmd.substr(0, sp), sp == std::string::npos ? std::string() : cmd.substr(sp + 1), ms);
        }
        const auto colon = rest.rfind(':');
        if (colon == std::string::npos)
            throw Error(ErrorCode::usage, line, "a remote line needs HOST:PORT (e.g. `remote 10.0.0.5:33333`)");
        unsigned port = 0;
        try {
            port = static_cast<unsigned>(std::stoul(rest.substr(colon + 1)));
        } catch (const std::exception&) {
            throw Error(ErrorCode::usage, line, "the port is not a number; write `remote HOST:PORT`");
        }
        return Xapian::Remote::open(rest.substr(0, colon), port, ms, ms);
    }
    fs::path p = rest;
    if (p.is_relative()) p = stub_dir / p;
    return Xapian::Database(p.string());
}

/// The compiled-in synonyms (and no spelling) as a glass database of their own,
/// written once per process into a private temporary directory and removed at
/// exit. Not an in-memory database: Xapian 1.4's in-memory backend has no
/// synonym table ("This backend doesn't implement synonyms"). Empty when the
/// directory cannot be written; the caller then searches without synonyms.
class BuiltinDictionary {
  public:
    static const BuiltinDictionary& get() {
        static const BuiltinDictionary dictionary;
        return dictionary;
    }
    const std::string& path() const { return path_; }
    const std::string& error() const { return error_; }

    BuiltinDictionary(const BuiltinDictionary&) = delete;
    BuiltinDictionary& operator=(const BuiltinDictionary&) = delete;
    ~BuiltinDictionary() {
        std::error_code ec;
        if (!dir_.empty()) fs::remove_all(dir_, ec);
    }

  private:
    BuiltinDictionary() {
        std::error_code ec;
        fs::path tmp = fs::temp_directory_path(ec);
        if (ec) tmp = "/tmp";
        std::string pattern = (tmp / "cvsearch-synonyms-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) {
            error_ = pattern + ": " + std::generic_category().message(errno);
            return;
        }
        dir_ = pattern;
        try {
            Xapian::WritableDatabase db((dir_ / "db").string(), Xapian::DB_CREATE_OR_OVERWRITE | Xapian::DB_BACKEND_GLASS);
            for (const auto& [key, concept_term] : analysis::SynonymTable::builtin().entries())
                db.add_synonym(key, concept_term);
            db.commit();
            db.close();
            path_ = (dir_ / "db").string();
        } catch (const Xapian::Error& e) {
            error_ = dir_.string() + ": " + e.get_msg();
        }
    }
    fs::path dir_;
    std::string path_;
    std::string error_;
};

}  // namespace

OpenedIndex open_index(const fs::path& path, const SearcherOptions& options) {
    OpenedIndex out;
    const std::optional<indexing::StubInfo> stub = indexing::read_stub(path);
    bool remote = false;
    if (stub)
        for (const auto& line : stub->databases) remote = remote || line.rfind("remote", 0) == 0;

    try {
        // Remote lines are opened here, one by one, with our timeouts (a stub's
        // `remote` line would use Xapian's 10 s); the rest as Xapian would.
        if (remote) throw Xapian::NetworkError("remote shards are opened one by one");
        out.db = Xapian::Database(path.string());
    } catch (const Xapian::Error& e) {
        if (!stub || !is_network(e)) throw;
        // Which shard? Open the lines one by one.
        out.db = Xapian::Database();
        std::string first_error;
        for (const auto& line : stub->databases) {
            try {
                out.db.add_database(open_line(line, stub->file.parent_path(), options.remote_timeout));
            } catch (const Xapian::Error& le) {
                if (!is_network(le)) throw;
                if (first_error.empty())
                    first_error = le.get_msg() + (le.get_error_string() ? std::string(": ") + le.get_error_string() : "");
                out.missing.push_back(line);
            }
        }
        if (out.missing.empty() && !remote) out.missing.push_back("(unknown shard: " + e.get_msg() + ")");
        if (out.missing.empty()) {
            // every shard answered
        } else if (out.missing.size() == stub->databases.size() && stub->databases.size() > 1) {
            throw Error(ErrorCode::unavailable, stub->file.string(),
                        "none of its " + std::to_string(out.missing.size()) + " shards answered (" + out.missing.front() +
                            ": " + first_error + "); start their servers (xapian-tcpsrv, see examples/cluster/)");
        } else if (!options.allow_partial || out.missing.size() == stub->databases.size()) {
            throw Error(ErrorCode::unavailable, stub->file.string() + ": " + out.missing.front(),
                        "this shard did not answer (" + first_error + "); start its server (xapian-tcpsrv, see "
                        "examples/cluster/), remove the line from the stub, or accept partial results "
                        "(--allow-partial, SearcherOptions::allow_partial)");
        }
    }

    if (!options.aux_db.empty() || (stub && stub->aux)) {
        const fs::path aux = !options.aux_db.empty() ? options.aux_db : *stub->aux;
        std::error_code ec;
        if (!fs::exists(aux, ec))
            throw Error(ErrorCode::index_missing, aux.string(),
                        "the spelling and synonym database of this sharded index is missing; copy DIR/aux of the "
                        "index there (or replicate it, examples/cluster/), or fix the \"# cvsearch-aux\" line");
        out.aux = Xapian::Database(aux.string());
    } else if (remote) {
        // A stub of remote lines written by hand (no "# cvsearch-aux" line): the
        // remote backend has no spelling or synonym tables, so take the built-in
        // synonyms and go without spelling suggestions (docs/scale-out.md).
        const BuiltinDictionary& builtin = BuiltinDictionary::get();
        if (!builtin.path().empty()) {
            out.aux = Xapian::Database(builtin.path());
            out.notes.push_back("no spelling suggestions: the index's shards are remote and its stub names no "
                                "spelling database (add a \"# cvsearch-aux PATH\" line, see examples/cluster/)");
        } else {
            out.no_synonyms = true;
            out.notes.push_back("no synonyms and no spelling suggestions: the index's shards are remote, its stub "
                                "names no spelling database, and the built-in synonyms could not be written to " +
                                builtin.error());
        }
    }
    // Local lines only and no aux database: Xapian reads each shard's own
    // spelling and synonym tables.
    return out;
}

}  // namespace cvsearch::search
