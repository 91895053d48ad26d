/**
 * The LibreOffice settings of every conversion's fresh profile. With default
 * settings LibreOffice 7.4 fetched a `file:///` image and an `http://` image
 * linked from a docx (a local file read and SSRF); these settings blocked both
 * (RESEARCH.md, "LibreOffice security"). Macros are off outright.
 */
const item = (path: string, prop: string, type: string, value: string) =>
  `<item oor:path="${path}"><prop oor:name="${prop}" oor:op="fuse"><value>${value}</value></prop></item>`;

const SECURITY = '/org.openoffice.Office.Common/Security/Scripting';

export const REGISTRY_MODIFICATIONS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${item(SECURITY, 'BlockUntrustedRefererLinks', 'xs:boolean', 'true')}
${item(SECURITY, 'MacroSecurityLevel', 'xs:int', '3')}
${item(SECURITY, 'DisableMacrosExecution', 'xs:boolean', 'true')}
${item('/org.openoffice.Office.Writer/Content/Update', 'Link', 'xs:int', '0')}
${item('/org.openoffice.Office.Calc/Content/Update', 'Link', 'xs:int', '0')}
${item('/org.openoffice.Office.Common/Misc', 'UseLocking', 'xs:boolean', 'false')}
${item('/org.openoffice.Office.Common/Misc', 'FirstRun', 'xs:boolean', 'false')}
</oor:items>
`;
